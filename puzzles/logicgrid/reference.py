"""The paper's numbers and example puzzles (copied from the slides and DESIGN notes)."""

from __future__ import annotations

CITATION = ("Shyne, Facey & Cooper, Generating Solvable and Difficult Logic Grid Puzzles, "
            "GECCO '24 Companion, pp. 699-702 (DOI 10.1145/3638530.3654337)")

# The three example puzzles printed in the slides, verbatim (spelling included).
EXAMPLES: dict[str, dict] = {
    "Example Puzzle 1 (3x4)": {
        "space": "mini",
        "published_loops": None,
        "clues": [
            "1. Either the suspect Prof. Plum or the weapon Rope is the hour 4:00 PM",
            "2. The suspect Col. Mustard is 2 hours before the weapon Knife",
            "3. The suspect Mrs. White is at least 1 hour before the weapon Wrench",
            "4. The weapon Rope is the hour 3:00 PM",
        ],
        # The solution grid printed in the slides.
        "published_solution": {
            "suspect": ["Ms. Scarlet", "Mrs. White", "Col. Mustard", "Prof. Plum"],
            "weapon": ["Rope", "Candle Stick", "Wrench", "Knife"],
            "hour": ["3:00 PM", "1:00 PM", "2:00 PM", "4:00 PM"],
        },
    },
    "Difficulty only example": {
        "space": "clue",
        "published_loops": 7,
        "published_solution": None,
        "clues": [
            "1. Either the room Living Room or the suspect Prof. Plum is the weapon Rope",
            "2. Either The room Living Room is the weapon Candle Stick or The room Study is "
            "the hour 3:00 PM",
            "3. The suspect Col. Mustard is at least 1 hour before the room Living Room",
            "4. Either The suspect Ms. Scarlet is the hour 3:00 PM or The hour 1:00 PM is the "
            "room Study",
            "5. The suspect Col. Mustard is 1 hours before the room Ball room",
            "6. Either The room Kitchen is the weapon Wrench or The weapon Rope is the hour "
            "1:00 PM",
            "7. The suspect Mrs. White is the hour 3:00 PM",
            "8. Either The suspect Prof. Plum is the weapon Rope or The suspect Prof. Plum is "
            "the room Study",
            "9. The weapon Knife is not the suspect in the category Prof. Plum",
            "10. The room Ball room is 1 hours before the room Living Room",
        ],
    },
    "Hint size and difficulty example": {
        "space": "clue",
        "published_loops": 5,
        "published_solution": None,
        "clues": [
            "1. The suspect Prof. Plum is 1 hours before the suspect Col. Mustard",
            "2. The suspect Ms. Scarlet is 1 hours before the weapon Wrench",
            "3. The hour 2:00 PM is not the room in the category Ball room",
            "4. The room Kitchen is at least 1 hour before the weapon Candle Stick",
            "5. Either The hour 2:00 PM is the weapon Rope or The hour 1:00 PM is the room "
            "Kitchen",
            "6. The room Study is 2 hours before the room Kitchen",
        ],
    },
}

# Numbers reported by the paper (30 trials each), DESIGN 5.4.
PAPER = {
    "size_difficulty": {
        "trials": 30, "first_feasible_mean": 11.07, "first_feasible_range": (6, 21),
        "hints_mean": 7.03, "hints_range": (6, 9), "loops_mean": 4.87, "loops_range": (4, 6),
        "fitness_feasible_mean": 0.672, "fitness_infeasible_mean": 0.973,
        "feasible_share": 0.10, "unique_share": None,
    },
    "difficulty_only": {
        "trials": 30, "first_feasible_mean": 9.63, "hints_mean": 9.23, "hints_range": (6, 13),
        "loops_mean": 6.03, "loops_range": (5, 8), "fitness_feasible_mean": None,
        "fitness_infeasible_mean": None, "feasible_share": None,
        # 3 of the 30 published "feasible" puzzles were contradictory.
        "unique_share": 0.9,
    },
}
PAPER_HINT_TYPES = {"before": 2.73, "either_is": 1.70, "or": 1.47, "is": 0.87, "not": 0.27}
PAPER_REMAINING_PER_LOOP = [211, 167, 123, 73, 33, 5]
PAPER_MUTATION_FEASIBILITY = [0.55, 0.37, 0.26, 0.21, 0.17]
# Feasible individuals out of 50 (read off the slides' plot: ranges).
PAPER_ABLATION = {"no violations": "12-13", "full": "9-10", "no completion": "7-8",
                  "no row validity": "6-7", "random": "about 0"}

# The authors' result files (github.com/flaneuseh/logic_puzzles v1.0.0, <folder>/data.txt, as
# copied in puzzles/logicgrid/data/released_*_data.txt): the numbers behind the slides, including
# those the slides leave out (the "difficulty only" and mini values).
RELEASED = {
    "hd": {"loops_mean": 4.867, "loops_range": (4, 6), "hints_mean": 7.033,
           "hints_range": (6, 9), "first_feasible_mean": 11.067, "first_feasible_range": (6, 21),
           "fitness_feasible_final": 0.6718, "fitness_infeasible_final": 0.9728},
    "do": {"loops_mean": 6.033, "loops_range": (5, 8), "hints_mean": 9.233,
           "hints_range": (6, 13), "first_feasible_mean": 9.633, "first_feasible_range": (5, 18),
           # their "difficulty only" fitness is loops / 10 (0.6033 = 6.033 / 10)
           "fitness_feasible_final": 0.6033, "fitness_infeasible_final": 0.9728},
    "small": {"loops_mean": 2.8, "loops_range": (2, 4), "hints_mean": 4.0, "hints_range": (4, 4),
              "first_feasible_mean": 1.8, "first_feasible_range": (1, 3),
              "fitness_feasible_final": 0.8, "fitness_infeasible_final": 0.9556},
}
# Hints of each type per puzzle (data.txt "Averages"; ours named: or = simple or, either_is =
# complex or).
RELEASED_HINT_TYPES = {
    "hd": {"is": 0.867, "not": 0.267, "before": 2.733, "or": 1.467, "either_is": 1.7},
    "do": {"is": 0.833, "not": 1.367, "before": 2.633, "or": 1.9, "either_is": 2.5},
    "small": {"is": 0.6, "not": 0.0, "before": 2.6, "or": 0.4, "either_is": 0.4},
}
# The slides' examples with a published loop count; "Hint size and difficulty example" is
# released puzzle hd 2.
# The grammar of the authors' code (LogicPuzzles.py hint_grammar): five types drawn alike; two
# "before" productions drawn alike ("at least 1", and "exactly k" with k uniform in 1..M-2);
# two "or" productions drawn alike (A, B from one category; three categories).
PAPER_GRAMMAR = {"type_share": 0.2, "before_at_least_share": 0.5, "or_same_category_share": 0.5}
