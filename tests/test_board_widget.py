"""The shared board widget: scenes, events, errors in the status line, the saved bundle."""

from __future__ import annotations

import logging

import pytest

from puzzles.core.board import Board, Event, Scene, element, scene_ids


def _scene(fill: str) -> str:
    sc = Scene(100, 40)
    sc.rect(0, 0, 10, 10, id="a", fill=fill)
    with sc.group(id="g<1>"):
        sc.text(5, 5, "x < y")
    return sc.to_svg()


def test_scene_is_deterministic_and_escaped():
    assert _scene("red") == _scene("red")
    assert scene_ids(_scene("red")) == ["a", "g<1>"]
    assert 'fill="red"' in element(_scene("red"), "a") and "x &lt; y" in _scene("red")
    with pytest.raises(ValueError, match="no element"):
        element(_scene("red"), "b")


def test_events_reach_the_handler_and_errors_become_the_message_beside_the_status(caplog):
    seen = []

    def handler(ev: Event) -> None:
        seen.append(ev)
        if ev.id == "bad":
            raise ValueError("bad input")
        if ev.id == "bug":
            raise KeyError("boom")
        b.svg = _scene("blue")

    b = Board(handler, title="t")
    b.svg = _scene("red")
    b.click("a")
    assert 'fill="blue"' in b.element("a") and seen[-1] == Event("click", "a")
    b._on_msg(b, {"kind": "key", "id": "r"}, [])
    assert seen[-1] == Event("key", "r")
    b.status = "moves 3"
    b.press("bad")
    assert b.message == "refused: bad input" and b.status == "moves 3"
    with caplog.at_level(logging.INFO, logger="puzzles.board"):
        b.enter("bug", 3)
    assert b.message.startswith("error: KeyError") and "Traceback" in caplog.text
    b._on_msg(b, "nonsense", [])
    assert b.message.startswith("error: unexpected message")
    b.click("a")  # still working, and a handled event clears the message
    assert seen[-1] == Event("click", "a") and b.message == ""


def test_board_picture_alt_text_names_the_board_its_goal_and_status():
    b = Board(lambda ev: None, title="demo")
    b.goal, b.status = "Light every cell.", "moves 2 · 3 lit"
    assert b.alt_text() == ("The demo board as it stands (it plays with a running kernel). "
                            "Light every cell. moves 2 · 3 lit.")
    b.goal = ""
    assert b.alt_text().endswith("kernel). moves 2 · 3 lit.")


def test_bundle_carries_a_png_of_the_board_and_a_stable_text():
    import base64

    import matplotlib.pyplot as plt

    b = Board(lambda ev: None, title="demo")
    assert "image/png" not in b._repr_mimebundle_()[0]
    sc = Scene(100, 40)
    sc.rect(0, 0, 50, 40, id="a", fill="#ff0000")
    sc.text(75, 20, "x", transform="rotate(-60 75 20)")
    before = plt.get_fignums()
    b.show(sc)
    bundle, metadata = b._repr_mimebundle_()
    assert plt.get_fignums() == before  # no pyplot figure left behind
    assert metadata == {"image/png": {"alt": b.alt_text()}}
    assert bundle["text/plain"] == "Board('demo')" and b.svg == sc.to_svg()
    png = base64.b64decode(bundle["image/png"])
    assert png[:4] == b"\x89PNG" and png == sc.to_png()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    import io

    from matplotlib.image import imread

    img = imread(io.BytesIO(png))
    assert img.shape[:2] == (40, 100) and tuple(img[20, 10, :3]) == (1.0, 0.0, 0.0)
