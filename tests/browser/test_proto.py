def test_proto(open_notebook):
    nb = open_notebook("proto", """
from puzzles.core.board import Board, Scene
def h(e):
    s = Scene(100, 50); s.rect(0, 0, 10, 10, id='a', fill='blue' if e.kind == 'click' else 'red')
    if e.id == 'bad': raise ValueError('nope')
    b.svg = s.to_svg(); b.status = f'{e.kind} {e.id}'
b = Board(h, title='proto'); s = Scene(100, 50); s.rect(0, 0, 10, 10, id='a', fill='red'); b.svg = s.to_svg()
b.controls = [{'kind': 'button', 'id': 'bad', 'label': 'bad'}]
b""")
    print("rendered", flush=True)
    assert nb.attr("a", "fill") == "red"
    nb.click("a")
    assert nb.attr("a", "fill") == "blue" and nb.status() == "click a"
    nb.key("r")
    assert nb.status() == "key r"
    nb.press("bad")
    assert "nope" in nb.status()
    print(nb.log_console_entries(), nb.errors)
