"""One board widget for every puzzle: Python sends an SVG scene, the browser sends back clicks.

The Python side builds a :class:`Scene` (SVG whose clickable elements carry ``data-id``
attributes) and sets it on a :class:`Board`; the browser side (an anywidget ES module) draws
the SVG, a row of controls and a status line, and sends every click on an element with an id,
every key press on the board, every button press and every edited field back as an event
``{"kind": ..., "id": ..., "value": ...}``. The board hands the event to the game's handler;
whatever the handler raises is caught, its message is written in the status line and the
traceback is logged, so a bad input never leaves the widget dead. The saved output of a board
carries the board as ``image/png`` so a notebook opened without a kernel shows the picture.
"""

from __future__ import annotations

import base64
import html
import io
import logging
import re
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import anywidget
import traitlets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgb, to_rgba
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Polygon, Rectangle

from puzzles.core.display import markdown_alt

LOG = logging.getLogger("puzzles.board")

_ESM = r"""
// Every clickable scene element (data-id) is focusable (Tab) with an accessible name; on an
// element, arrow keys move the focus to the nearest element in that direction and Enter or
// Space clicks it; "?" shows the keys; other keys go to the game. Refusals appear beside the
// status line.
function nearest(from, els, key) {
  const a = from.getBoundingClientRect();
  const ax = a.left + a.width / 2, ay = a.top + a.height / 2;
  let best = null, bestScore = Infinity;
  for (const el of els) {
    if (el === from) continue;
    const b = el.getBoundingClientRect();
    const dx = b.left + b.width / 2 - ax, dy = b.top + b.height / 2 - ay;
    const along = { ArrowRight: dx, ArrowLeft: -dx, ArrowDown: dy, ArrowUp: -dy }[key];
    const across = key === "ArrowRight" || key === "ArrowLeft" ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1) continue;
    const score = along + 2 * across;
    if (score < bestScore) { best = el; bestScore = score; }
  }
  return best;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "pl-board";
  root.tabIndex = 0;
  // JupyterLab must not read the board's keys (r, f, x, ...) as notebook shortcuts.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const title = document.createElement("div");
  title.className = "pl-title";
  const canvas = document.createElement("div");
  canvas.className = "pl-canvas";
  const bar = document.createElement("div");
  bar.className = "pl-controls";
  const status = document.createElement("div");
  status.className = "pl-status";
  status.setAttribute("role", "status");
  const message = document.createElement("div");
  message.className = "pl-message";
  message.setAttribute("role", "alert");
  const help = document.createElement("pre");
  help.className = "pl-help";
  help.hidden = true;
  root.append(title, canvas, bar, status, message, help);
  el.appendChild(root);

  const send = (kind, id, value) => model.send({ kind, id, value: value ?? null });
  const focusables = () => Array.from(canvas.querySelectorAll("[data-id]"));
  const drawScene = () => {
    const focused = document.activeElement && canvas.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-id") : null;
    canvas.innerHTML = model.get("svg");
    for (const node of focusables()) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      if (!node.getAttribute("aria-label")) {
        node.setAttribute("aria-label", node.getAttribute("data-id"));
      }
    }
    if (focused) {
      const again = canvas.querySelector(`[data-id="${CSS.escape(focused)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  };
  const drawTitle = () => { title.textContent = model.get("title"); };
  const drawStatus = () => { status.textContent = model.get("status"); };
  const drawMessage = () => {
    const text = model.get("message");
    message.textContent = text;
    message.classList.toggle("pl-error", text.startsWith("error") || text.startsWith("refused"));
  };
  const drawHelp = () => { help.textContent = model.get("help"); };
  // A field whose text was refused is marked (aria-invalid, a red frame) until the next
  // accepted input, so the rejected text never looks accepted.
  const drawInvalid = () => {
    const bad = model.get("invalid");
    for (const input of bar.querySelectorAll("[data-control]")) {
      const on = bad !== "" && input.getAttribute("data-control") === bad;
      input.classList.toggle("pl-invalid", on);
      if (on) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
  };
  const drawControls = () => {
    bar.replaceChildren();
    for (const c of model.get("controls")) {
      const kind = c.kind || "button";
      if (kind === "button") {
        const b = document.createElement("button");
        b.textContent = c.label;
        b.setAttribute("data-control", c.id);
        b.addEventListener("click", () => send("button", c.id));
        bar.appendChild(b);
      } else {
        const label = document.createElement("label");
        label.textContent = c.label + " ";
        const tag = kind === "select" ? "select" : kind === "textarea" ? "textarea" : "input";
        const input = document.createElement(tag);
        if (kind === "select") {
          for (const opt of c.options || []) {
            const o = document.createElement("option");
            o.value = String(opt);
            o.textContent = String(opt);
            input.appendChild(o);
          }
        } else if (kind === "textarea") {
          input.rows = 4;
          input.cols = 40;
          input.spellcheck = false;
        } else {
          input.type = "text";
          input.size = 6;
        }
        input.value = String(c.value ?? "");
        input.setAttribute("data-control", c.id);
        input.setAttribute("aria-label", c.label);
        input.addEventListener("change", () => send("input", c.id, input.value));
        input.addEventListener("keydown", (ev) => ev.stopPropagation());
        label.appendChild(input);
        bar.appendChild(label);
      }
    }
    drawInvalid();
  };
  // A scene may carry previews ([data-preview=<id>], their shapes hidden) that show while
  // the element <id> is hovered or focused (IQ-Link: the piece in hand at a green peg). A
  // style rule outside the scene shows them, so the scene's markup never changes on hover.
  const shown = document.createElement("style");
  root.appendChild(shown);
  const preview = (target) => {
    const hit = target && target.closest ? target.closest("[data-id]") : null;
    const id = hit && canvas.contains(hit) ? hit.getAttribute("data-id") : null;
    shown.textContent = id === null ? "" :
      `.pl-canvas [data-preview="${CSS.escape(id)}"] > * { visibility: visible; }`;
  };
  canvas.addEventListener("mouseover", (ev) => preview(ev.target));
  canvas.addEventListener("mouseleave", () => preview(null));
  canvas.addEventListener("focusin", (ev) => preview(ev.target));
  canvas.addEventListener("click", (ev) => {
    const hit = ev.target.closest("[data-id]");
    if (hit && canvas.contains(hit)) {
      send("click", hit.getAttribute("data-id"));
      hit.focus({ preventScroll: true });
    } else {
      root.focus({ preventScroll: true });
    }
  });
  root.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const onElement = ev.target !== root && canvas.contains(ev.target)
      && ev.target.hasAttribute("data-id");
    if (ev.target !== root && !onElement) return;
    if (ev.key === "?") {
      ev.preventDefault();
      help.hidden = !help.hidden;
      return;
    }
    if (onElement && ev.key.startsWith("Arrow")) {
      ev.preventDefault();
      const next = nearest(ev.target, focusables(), ev.key);
      if (next) next.focus({ preventScroll: true });
      return;
    }
    if (onElement && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      send("click", ev.target.getAttribute("data-id"));
      return;
    }
    // From the board itself (not an element: Tab enters the scene) every key, arrows
    // included, goes to the game.
    // A key pressed on an element carries that element's id as its value (the logic
    // grid marks the focused cell).
    if (ev.key.length === 1 || ev.key.startsWith("Arrow") || ev.key === "Escape"
        || ev.key === "Backspace" || ev.key === "Delete") {
      ev.preventDefault();
      ev.stopPropagation();
      send("key", ev.key, onElement ? ev.target.getAttribute("data-id") : null);
    }
  });
  drawTitle(); drawScene(); drawControls(); drawStatus(); drawMessage(); drawHelp();
  const watched = { svg: drawScene, title: drawTitle, status: drawStatus, message: drawMessage,
                    help: drawHelp, controls: drawControls, invalid: drawInvalid };
  for (const [name, fn] of Object.entries(watched)) model.on(`change:${name}`, fn);
  return () => {
    for (const [name, fn] of Object.entries(watched)) model.off(`change:${name}`, fn);
  };
}
export default { render };
"""

_CSS = """
.pl-board { font-family: sans-serif; font-size: 13px; outline: none; max-width: 100%;
  color: var(--jp-content-font-color1, #1a1a1a); }
.pl-board:focus-visible { outline: 2px solid #7aa7e0; }
.pl-title { font-weight: bold; margin-bottom: 4px; }
.pl-canvas svg { display: block; max-width: 100%; height: auto; }
.pl-canvas [data-id] { cursor: pointer; }
.pl-canvas [data-id]:focus { outline: none; }
.pl-canvas [data-id]:focus-visible { stroke: #1f6fd1; stroke-width: 3px; }
.pl-controls { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; align-items: center; }
.pl-controls button { padding: 2px 10px; }
.pl-status { min-height: 1.3em; white-space: pre-wrap; }
.pl-message { min-height: 1.3em; white-space: pre-wrap; font-style: italic; }
.pl-message.pl-error { color: var(--jp-error-color1, #b00020); }
.pl-controls .pl-invalid { outline: 2px solid var(--jp-error-color1, #b00020); }
.pl-help { font-size: 12px; border: 1px solid var(--jp-border-color1, #999); padding: 4px;
  margin: 4px 0; white-space: pre-wrap; }
"""


def _num(x: float) -> str:
    """A coordinate with two decimals at most, so the same scene is always the same text."""
    s = f"{float(x):.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _attrs(attrs: dict[str, Any]) -> str:
    out = []
    for k, v in attrs.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        val = _num(v) if isinstance(v, float) else str(v)
        out.append(f' {name}="{html.escape(val, quote=True)}"')
    return "".join(out)


@dataclass
class Scene:
    """An SVG drawing built element by element; ``id=`` makes an element clickable."""

    width: float
    height: float
    parts: list[str] = field(default_factory=list)
    items: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)

    def _el(self, tag: str, id: str | None, attrs: dict[str, Any], body: str = "") -> None:
        self.items.append((tag, attrs, body))
        if id is not None:
            attrs = {"data-id": id, **attrs}
        if body:
            self.parts.append(f"<{tag}{_attrs(attrs)}>{html.escape(body)}</{tag}>")
        else:
            self.parts.append(f"<{tag}{_attrs(attrs)}/>")

    def rect(self, x: float, y: float, w: float, h: float, id: str | None = None,
             **attrs: Any) -> None:
        """A rectangle with its top-left corner at (x, y)."""
        self._el("rect", id, {"x": float(x), "y": float(y), "width": float(w),
                              "height": float(h), **attrs})

    def circle(self, cx: float, cy: float, r: float, id: str | None = None,
               **attrs: Any) -> None:
        """A circle."""
        self._el("circle", id, {"cx": float(cx), "cy": float(cy), "r": float(r), **attrs})

    def line(self, x1: float, y1: float, x2: float, y2: float, id: str | None = None,
             **attrs: Any) -> None:
        """A straight line."""
        self._el("line", id, {"x1": float(x1), "y1": float(y1), "x2": float(x2),
                              "y2": float(y2), **attrs})

    def polygon(self, points: Iterable[tuple[float, float]], id: str | None = None,
                **attrs: Any) -> None:
        """A closed polygon through ``points``."""
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        self._el("polygon", id, {"points": pts, **attrs})

    def text(self, x: float, y: float, s: object, id: str | None = None, size: float = 12,
             anchor: str = "middle", **attrs: Any) -> None:
        """Text centred (by default) on x with its baseline... centred on y too."""
        self._el("text", id, {"x": float(x), "y": float(y), "font_size": float(size),
                              "text_anchor": anchor, "dominant_baseline": "central",
                              "font_family": "sans-serif", "fill": INK, **attrs},
                 str(s))

    def group(self, id: str | None = None, **attrs: Any) -> _Group:
        """``with scene.group(id=...):`` wraps the elements drawn inside in one ``<g>``."""
        return _Group(self, id, attrs)

    def to_svg(self) -> str:
        """The SVG text (deterministic: same scene, same bytes)."""
        w, h = _num(self.width), _num(self.height)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                f'viewBox="0 0 {w} {h}">' + "".join(self.parts) + "</svg>")


    def to_png(self, dpi: int = 100) -> bytes:
        """The scene as PNG (a matplotlib Figure without pyplot, so no figure is left open):
        the fallback a notebook shows where no kernel draws the widget."""
        return scene_png(self, dpi)


class _Group:
    def __init__(self, scene: Scene, id: str | None, attrs: dict[str, Any]) -> None:
        self.scene, self.id, self.attrs = scene, id, attrs

    def __enter__(self) -> Scene:
        a = {"data-id": self.id, **self.attrs} if self.id is not None else self.attrs
        self.scene.parts.append(f"<g{_attrs(a)}>")
        return self.scene

    def __exit__(self, *exc: object) -> None:
        self.scene.parts.append("</g>")


INK = "currentColor"
"""The theme's text colour: what scene text and strokes on the page background use."""
THEMES = {"light": ("#ffffff", "#1a1a1a"), "dark": ("#111111", "#e0e0e0")}
"""Page background and ink of JupyterLab's light and dark themes (approximately)."""

_PT = 72 / 100  # points per SVG pixel when the figure has 100 px per inch


def _colour(value: Any, opacity: Any = None) -> Any:
    if value in (None, "none"):
        return "none"
    if value == INK:
        value = THEMES["light"][1]  # a picture without a theme is drawn as the light one
    if opacity is None:
        return value

    return to_rgba(value, float(opacity))


def scene_png(scene: Scene, dpi: int = 100) -> bytes:
    """Rasterise a scene's rectangles, circles, lines, polygons and texts to PNG bytes."""


    w, h = float(scene.width), float(scene.height)
    fig = Figure(figsize=(w / 100, h / 100), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.axis("off")
    for z, (tag, a, body) in enumerate(scene.items):
        if a.get("fill_opacity") is not None and float(a["fill_opacity"]) < 0.05 \
                and a.get("stroke") in (None, "none"):
            continue  # invisible hit areas
        if a.get("visibility") == "hidden":
            continue  # previews the page shows on hover only
        face = _colour(a.get("fill", "#000000"), a.get("fill_opacity"))
        edge = _colour(a.get("stroke"))
        lw = float(a.get("stroke_width", 1)) * _PT if edge != "none" else 0
        ls = (0, (4, 3)) if a.get("stroke_dasharray") else "solid"
        common = {"facecolor": face, "edgecolor": edge, "linewidth": lw, "linestyle": ls,
                  "zorder": z}
        if tag == "rect":
            ax.add_patch(Rectangle((a["x"], a["y"]), a["width"], a["height"], **common))
        elif tag == "circle":
            ax.add_patch(Circle((a["cx"], a["cy"]), a["r"], **common))
        elif tag == "polygon":
            pts = [tuple(float(v) for v in p.split(",")) for p in a["points"].split()]
            ax.add_patch(Polygon(pts, closed=True, **common))
        elif tag == "line":
            ax.add_line(Line2D([a["x1"], a["x2"]], [a["y1"], a["y2"]], color=edge,
                               linewidth=lw, linestyle=ls, zorder=z,
                               solid_capstyle="round"))
        elif tag == "text":
            m = re.match(r"rotate\((-?[\d.]+)", str(a.get("transform", "")))
            ax.text(a["x"], a["y"], body, fontsize=float(a["font_size"]) * _PT,
                    ha={"start": "left", "middle": "center", "end": "right"}[a["text_anchor"]],
                    va="center" if a.get("dominant_baseline") == "central" else "baseline",
                    rotation=-float(m.group(1)) if m else 0, rotation_mode="anchor",
                    color=_colour(a.get("fill", "#000000")), zorder=z,
                    fontweight=a.get("font_weight") or "normal",
                    family="monospace" if a.get("font_family") == "monospace" else "sans-serif")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def scene_ids(svg: str) -> list[str]:
    """Every ``data-id`` in an SVG text, in drawing order (for tests and checks)."""
    return [html.unescape(m) for m in re.findall(r'data-id="([^"]*)"', svg)]


def element(svg: str, id: str) -> str:
    """The opening tag of the element with ``data-id == id`` (ValueError when absent)."""
    m = re.search(r'<[a-z]+ data-id="' + re.escape(html.escape(id, quote=True)) + r'"[^>]*>',
                  svg)
    if m is None:
        raise ValueError(f"no element with id {id!r} in the scene")
    return m.group(0)


@dataclass(frozen=True)
class Event:
    """What the browser sent: a click on an element, a key, a button or an edited field."""

    kind: str
    id: str
    value: str | None = None


def button(id: str, label: str) -> dict[str, Any]:
    """A push button below the board."""
    return {"kind": "button", "id": id, "label": label}


def field_control(id: str, label: str, value: object, options: Sequence[object] | None = None
                  ) -> dict[str, Any]:
    """A text field (or a drop-down when ``options`` is given) below the board."""
    out: dict[str, Any] = {"kind": "select" if options is not None else "text", "id": id,
                           "label": label, "value": str(value)}
    if options is not None:
        out["options"] = [str(o) for o in options]
    return out


def text_area(id: str, label: str, value: object) -> dict[str, Any]:
    """A multi-line text field below the board (a puzzle to load, an export to copy)."""
    return {"kind": "textarea", "id": id, "label": label, "value": str(value)}


class Board(anywidget.AnyWidget):
    """The shared board widget: an SVG scene, controls, a status line, events to a handler."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    help = traitlets.Unicode("").tag(sync=True)
    controls = traitlets.List(traitlets.Dict()).tag(sync=True)
    invalid = traitlets.Unicode("").tag(sync=True)  # the field whose text was refused
    goal = traitlets.Unicode("")  # the goal sentence, for the picture's alt text (not synced)

    def __init__(self, handler: Callable[[Event], None], title: str = "",
                 **kwargs: Any) -> None:
        super().__init__(title=title, **kwargs)
        self._handler = handler
        self.scene: Scene | None = None
        self.on_msg(self._on_msg)

    def show(self, scene: Scene) -> None:
        """Draw ``scene`` (kept, too, for the static picture of the saved output)."""
        self.scene = scene
        self.svg = scene.to_svg()

    def _on_msg(self, _widget: object, content: Any, _buffers: object) -> None:
        if not isinstance(content, dict):
            self.message = f"error: unexpected message {content!r}"
            return
        value = content.get("value")
        self.dispatch(Event(str(content.get("kind", "")), str(content.get("id", "")),
                            None if value is None else str(value)))

    def dispatch(self, event: Event) -> None:
        """Hand ``event`` to the handler; an exception becomes the message beside the status
        (the status line keeps the state); a handled event clears the last message."""
        # One sync for the whole reply, so the page never shows half of it (a cleared
        # message before the new scene).
        with self.hold_sync():
            try:
                self._handler(event)
                self.message = ""
                self.invalid = ""
            except ValueError as err:
                # Bad input: the message is for the reader, the traceback only for debugging.
                LOG.info("bad input %s", event, exc_info=True)
                self.message = f"refused: {err}"
                # The refused field: the one typed in, or the one a button read (err.field).
                self.invalid = getattr(err, "field", "") or (
                    event.id if event.kind == "input" else "")
            except Exception as err:  # noqa: BLE001 - a widget must survive its own bugs
                LOG.exception("board callback failed on %s", event)
                self.message = f"error: {type(err).__name__}: {err}"

    # Helpers that act as the browser does (tests, scripted demos).
    def click(self, id: str) -> None:
        """Act as a click on the scene element ``id``."""
        self.dispatch(Event("click", id))

    def key(self, key: str) -> None:
        """Act as a key press on the board."""
        self.dispatch(Event("key", key))

    def press(self, id: str) -> None:
        """Act as a press of the button ``id``."""
        self.dispatch(Event("button", id))

    def enter(self, id: str, value: object) -> None:
        """Act as typing ``value`` into the field ``id``."""
        self.dispatch(Event("input", id, str(value)))

    def ids(self) -> list[str]:
        """The ids of the scene's clickable elements."""
        return scene_ids(self.svg)

    def element(self, id: str) -> str:
        """The opening tag of scene element ``id``."""
        return element(self.svg, id)

    def __repr__(self) -> str:
        # Deterministic text/plain (nbval compares it); never the scene or a model id.
        return f"Board({self.title!r})"

    def alt_text(self) -> str:
        """What the board's picture shows: its title, its goal and its status line."""
        parts = [f"The {self.title} board as it stands (it plays with a running kernel)",
                 self.goal, self.status]
        return ". ".join(p.strip().rstrip(".") for p in parts if p.strip()) + "."

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The widget view plus the board as a PNG with alt text, shown where no kernel draws
        the widget."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = repr(self)
        metadata: dict[str, Any] = {}
        if self.scene is not None:
            # PNG, not SVG: an untrusted notebook (any notebook opened on another machine)
            # renders image/png but not image/svg+xml; nbval does not compare PNGs.
            png = base64.b64encode(self.scene.to_png()).decode("ascii")
            bundle["image/png"] = png
            metadata["image/png"] = {"alt": self.alt_text()}
            # The markdown image carries the alt to JupyterLab's screen reader; a committed
            # notebook keeps only it (``reproduce.one_picture``), so a saved board shows its
            # picture, not "model not found", wherever the notebook is opened.
            bundle["text/markdown"] = (f"![{markdown_alt(self.alt_text())}]"
                                       f"(data:image/png;base64,{png})")
        return bundle, metadata


# -- legends and contrast -------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """One line of a board's key: a swatch (fill colour and a mark, so colour is never the only
    cue) and what it means."""

    fill: str
    mark: str
    meaning: str


def _rgb(colour: str, theme: str) -> tuple[float, float, float]:
    """An SVG colour as RGB in 0..1 (``currentColor`` is the theme's ink)."""

    return to_rgb(THEMES[theme][1] if colour == INK else colour)


def luminance(colour: str, theme: str = "light") -> float:
    """WCAG relative luminance of a colour."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in _rgb(colour, theme))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: str, bg: str, theme: str = "light") -> float:
    """WCAG contrast ratio of two colours (1 to 21; text wants at least 4.5)."""
    a, b = sorted((luminance(fg, theme), luminance(bg, theme)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``."""
    return "#000000" if contrast("#000000", fill) >= contrast("#ffffff", fill) else "#ffffff"


def with_key(scene: Scene, goal: str, keys: Sequence[Key], width: float | None = None) -> Scene:
    """``scene`` with the goal sentence and the key drawn below it."""

    w = max(float(scene.width), width or 0.0, 260.0)
    out = Scene(w, scene.height, list(scene.parts), list(scene.items))
    y = float(scene.height) + 14
    # Lines wrapped to the scene's width (about 6.6 px per character at 12 px).
    if goal:
        for line in textwrap.wrap(f"Goal: {goal}", max(20, int((w - 12) / 6.6))):
            out.text(6, y, line, size=12, anchor="start")
            y += 16
        y += 4
    for k in keys:
        out.rect(6, y - 8, 16, 16, fill=k.fill, stroke=INK, stroke_width=1)
        if k.mark:
            out.text(14, y, k.mark, size=10, fill=ink_on(k.fill))
        for line in textwrap.wrap(k.meaning, max(20, int((w - 34) / 6.6))):
            out.text(28, y, line, size=12, anchor="start")
            y += 16
        y += 4
    out.height = y
    return out


def _inside(tag: str, a: dict[str, Any], x: float, y: float) -> bool:
    """Whether (x, y) lies inside a filled shape of the scene."""
    if tag == "rect":
        return a["x"] <= x <= a["x"] + a["width"] and a["y"] <= y <= a["y"] + a["height"]
    if tag == "circle":
        return (x - a["cx"]) ** 2 + (y - a["cy"]) ** 2 <= a["r"] ** 2
    if tag == "polygon":
        pts = [tuple(float(v) for v in p.split(",")) for p in a["points"].split()]
        inside = False
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside
    return False


@dataclass(frozen=True)
class TextContrast:
    """One text of a scene, its colours and their contrast ratio in a theme."""

    text: str
    fill: str
    background: str
    ratio: float


def text_contrast(scene: Scene, theme: str) -> list[TextContrast]:
    """Every text of ``scene`` against what is drawn under it (or the theme's page)."""
    page = THEMES[theme][0]
    out = []
    for i, (tag, a, body) in enumerate(scene.items):
        if tag != "text":
            continue
        bg = page
        for t2, a2, _ in reversed(scene.items[:i]):
            opaque = float(a2.get("fill_opacity", 1) or 0) >= 0.5
            if opaque and a2.get("fill") not in (None, "none") and _inside(t2, a2, a["x"],
                                                                               a["y"]):
                bg = THEMES[theme][1] if a2["fill"] == INK else a2["fill"]
                break
        fill = a.get("fill", "#000000")
        out.append(TextContrast(body, fill, bg, contrast(fill, bg, theme)))
    return out
