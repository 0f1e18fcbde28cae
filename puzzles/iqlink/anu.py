"""Public test data: the ANU COMP1110 2016 assignment 2 ("LinkGame", IQ-Link), transcribed.

Source: github.com/KnospeW/IQ-link-Game, ``tests/comp1110/ass2/TestUtility.java`` (commit
56b45ef, 2018-09-14), the course's test data for the game. Positions are facts; only the
strings are copied here, no code. A game string is a run of 3-letter piece placements:
the peg of the piece's middle unit ('A'-'X', row by row from the top left, the same order as
our pegs 0-23), the piece ('A'-'L') and its orientation ('A'-'F' rotations, 'G'-'L' flipped).

The translation into our placement convention (``ANU_PIECES``, ``to_placement``) is ours: it
is the only assignment of pieces and orientation rules under which all 30 of ANU's full
solutions are valid in our model (we searched every piece of the right family, both turning
senses, every base orientation and flip, and both left-right readings of the board).
"""

from __future__ import annotations

from puzzles.iqlink.pieces import PIECE_NAMES
from puzzles.iqlink.placements import Placement, make_placement

SOURCE = "github.com/KnospeW/IQ-link-Game tests/comp1110/ass2/TestUtility.java (56b45ef)"

# ANU's 30 full solutions (PLACEMENTS).
SOLUTIONS: tuple[str, ...] = (
    "BAARBEUCAGDFWEBFFEIGDSHBDIFPJKJKCHLL", "BADPBAWCARDKTEBJFIKGDMHKBILFJFCKKOLH",
    "CAAJBLICFGDFQEKFFGBGESHBUIJXJHRKIHLL", "CADTBAWCAQDHKEEFFGRGCMHKCILPJHBKFHLE",
    "DAAGBKWCAQDHKEEPFFRGCFHEBIKSJBHKDOLL", "DADTBANCJGDFJEBPFFRGAFHEBIKVJJWKCHLD",
    "EAAIBLVCJRDCKEAPFLWGBTHAAIKCJGGKDMLK", "EADTBAQCIGDHBEEIFKHGCLHHWICEJLPKLNLG",
    "GABCBDVCJRDCIEATFIWGBEHLGICPJFQKIMLK", "GACIBLVCJKDEQEGFFGRGCSHBNIBCJFEKFPLF",
    "GAETBAJCFCDDBEEMFCDGLOHAXIAFJLPKEKLE", "GAFJBBECDNDCUEJSFJVGBCHGXIHLJAPKARLA",
    "IAABBGWCDODDFEEMFKPGLRHIKIHIJBHKFNLE", "IABGBBWCJQDLFEGSFJEGEUHIOIABJKKKDJLA",
    "IACUBACCGGDFQEKFFGBGESHBIIKXJHRKIHLL", "IADEBJRCKVDAWEBOFIUGISHBAIKLJAGKLCLG",
    "IAEVBADCDJDKBEEOFCGGFSHBFILNJBRKLKLE", "IAFUBACCGKDLPEIFFEHGLSHBAIKXJHQKEGLL",
    "JAACBDQCFPDFWEISFBRGKFHEGIIHJEDKKOLL", "JABHBCUCAPDEIEFEFLQGCMHKBIFXJHTKHRLI",
    "JACUBACCGKDLIECFFEQGHSHBAIKWJCHKLGLL", "JADDBDVCDRDCMECOFBWGBFHEJILNJLHKIGLB",
    "JAEBBGOCDGDFLEFSFJTGBVHIKIIJJGRKEILH", "JAFUBAICIKDLCELFFEQGDSHBAIKXJAGKLHLE",
    "KAADBDUCARDKWEBHFCPGGSHBIIKAJKGKLELK", "KABQBBUCAPDECELIFLHGHSHBXIAAJKFKEGLL",
    "KACUBAOCJHDFDEGGFFCGESHBKIDXJHQKEILD", "KADPBBBCDNDBFEGSFJGGFDHLXIAKJEWKHTLC",
    "KAEHBFTCAODEFEEVFBPGJMHKBIFDJERKLJLD", "KAFUBACCGGDFLEFIFCBGESHBOIAEJEQKGRLE",
)
# Pairs of placements that fit together (GOOD_PAIRS) and that do not (BAD_PAIRS).
GOOD_PAIRS: tuple[str, ...] = (
    "OEAHKJ", "OEANLH", "OEATLA", "OEAHIJ", "OEAHCJ",
    "OEAHGB", "OEAMIK", "OEAGJD", "BADBIL", "BADBJE",
)
BAD_PAIRS: tuple[str, ...] = (
    "OEASIJ", "OEAHDE", "OEACFE", "OEAJBG", "OEAHKD",
    "OEAHHB", "OEAPGG", "OEACJK", "OEAGKD",
)
# The 13 starts of SolutionsTest (SOLUTIONS_ONE, then SOLUTIONS_MULTI): start, every solution.
STARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("KAFCBGUCAGDFLEFPFBBGESHBWIJKJA",
     ("KAFCBGUCAGDFLEFPFBBGESHBWIJKJAHKLJLH",)),
    ("KAFCBGUCAGDFLEFPFBBGESHBOIA",
     ("KAFCBGUCAGDFLEFPFBBGESHBOIAKJARKEJLH",)),
    ("KAFTBAICFRDCEELWFJJGDMHK",
     ("KAFTBAICFRDCEELWFJJGDMHKCIGNJCPKEBLF",)),
    ("JABHBCBCGGDFIEKVFAFGG",
     ("JABHBCBCGGDFIEKVFAFGGSHBXIAJJJUKHKLK",)),
    ("JACRBHQCHCDGDELVFJ",
     ("JACRBHQCHCDGDELVFJBGESHBUIAFJEHKLGLL",)),
    ("IAFBBDRCEPDEWEB",
     ("IAFBBDRCEPDEWEBSFJTGBFHGGILIJAQKIJLI",)),
    ("GAEWBABCDJDA",
     ("GAEWBABCDJDALEFMFCCGLUHBTIAQJCKKBILF",)),
    ("KAFUBAICCPDALEFEFEQGHSHBNIB",
     ("KAFUBAICCPDALEFEFEQGHSHBNIBCJFGKIRLE",
      "KAFUBAICCPDALEFEFEQGHSHBNIBCJFRKEGLI",)),
    ("KAFCBGUCAGDFLEFPFBBGESHB",
     ("KAFCBGUCAGDFLEFPFBBGESHBOIAKJARKEJLH",
      "KAFCBGUCAGDFLEFPFBBGESHBWIJKJAHKLJLH",)),
    ("IAFBBGVCAJDJGEDQFEUGI",
     ("IAFBBGVCAJDJGEDQFEUGIRHCIIHFJGNKFOLG",
      "IAFBBGVCAJDJGEDQFEUGIRHKIIHFJGNKFOLG",)),
    ("KAAHBLTCAODEFEGMFC",
     ("KAAHBLTCAODEFEGMFCEGERHGBIGVJCDKFJLF",
      "KAAHBLTCAODEFEGMFCEGERHGBIGVJIDKFJLF",
      "KAAHBLTCAODEFEGMFCEGEQHDBIGXJHDKFJLF",
      "KAAHBLTCAODEFEGMFCEGEVHBBIGXJADKFJLF",)),
    ("JADVBJBCJRDCDED",
     ("JADVBJBCJRDCDEDHFEWGBFHEJILSJCOKLMLC",
      "JADVBJBCJRDCDEDSFBWGBFHEJILGJEOKLHLE",)),
    ("JAAPBGVCJRDC",
     ("JAAPBGVCJRDCDEDSFBWGBFHECIFAJDHKGOLF",
      "JAAPBGVCJRDCDEDSFBWGBFHECIFAJDOKFHLG",
      "JAAPBGVCJRDCHEFSFBWGBFHEGIICJDDKKOLF",)),
)

# ANU piece letter -> our piece (the order of our PIECES).
ANU_PIECES: dict[str, str] = dict(zip("ABCDEFGHIJKL", PIECE_NAMES, strict=True))
# Per piece, our (rotation, mirrored) of ANU's orientation 'A' and of 'G' (its flip); ANU turns
# clockwise, so orientation 'A' + k (k < 6) is our rotation base - k, and 'G' + k is ours
# flip_base - k. Light purple has only 'A'-'F'.
_BASE: dict[str, tuple[tuple[int, bool], tuple[int, bool]]] = {
    "A": ((0, False), (0, False)),
    **{c: ((4, False), (2, True)) for c in "BCIJ"},
    **{c: ((1, True), (5, False)) for c in "DEFGHKL"},
}


def to_placement(code: str) -> Placement:
    """One ANU piece placement (3 letters) as our Placement; ValueError when malformed."""
    if not isinstance(code, str) or len(code) != 3:
        raise ValueError(f"an ANU piece placement has 3 letters, got {code!r}")
    peg, piece, ori = (ord(c) - ord("A") for c in code)
    if not 0 <= peg < 24 or not 0 <= piece < 12 or not 0 <= ori < (6 if piece == 0 else 12):
        raise ValueError(f"ANU piece placement {code!r} is out of range")
    (r0, m0), (r1, m1) = _BASE[code[1]]
    rot, mirrored = ((r0 - ori) % 6, m0) if ori < 6 else ((r1 - (ori - 6)) % 6, m1)
    return make_placement(ANU_PIECES[code[1]], peg, rot, mirrored)


def to_placements(game: str) -> list[Placement]:
    """An ANU game string (3 letters per piece) as our placements."""
    if not isinstance(game, str) or len(game) % 3:
        raise ValueError(f"an ANU game string has 3 letters per piece, got {game!r}")
    return [to_placement(game[i:i + 3]) for i in range(0, len(game), 3)]
