"""What the readers of saved HTML pages share (chess-results.com's, RK9's): reading a page whole,
and its elements as a browser nests them, however the tags are written.

A page saved by a browser, fetched by a tool or passed through a formatter writes the same
markup many ways: ``<br>``, ``<br/>``, ``<br />``, ``<br`` and ``/>`` on two lines, attributes on
lines of their own, upper-case tags, quoted or bare attribute values, characters as entities.
:class:`Elements` reads them all as one tree: a void element (``br``, ``img``, ...) never opens
nor closes anything, whether written ``<br>``, ``<br/>`` or ``</br>``; an end tag closes the
nearest open element of its name and those opened inside it, and an end tag with no open element
of its name is ignored (as browsers do); a paragraph ends where a block (another ``p``, a
``div``, a ``table``...) starts; ``<span/>`` (an XHTML empty element) opens and closes.
"""

from __future__ import annotations

from collections.abc import Iterable
from html.parser import HTMLParser

from drawsafe.errors import InputError

#: HTML's void elements: no content, no end tag (a ``</br>`` or ``<br/>`` ends nothing).
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                  "track", "wbr"})
#: Elements whose start ends an open paragraph (``<p>one<p>two`` is two paragraphs, as browsers read it).
ENDS_P = frozenset({"address", "article", "aside", "blockquote", "div", "dl", "fieldset", "footer", "form", "h1",
                    "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre", "section",
                    "table", "ul"})


class Elements(HTMLParser):
    """An HTML parser that hands each element's start (:meth:`opened`) and end (:meth:`closed`) to
    its subclass in the tree a browser builds, however the tags are written (the module text).

    ``opened(tag, attrs)`` returns the element's role (any value; ``None`` for none) and
    ``closed(tag, role)`` receives it back when the element ends, explicitly or because an
    enclosing element ended.  ``void(tag, attrs)`` receives each void element (a line break
    ``br``: add a space to the text being read)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self._open: list[tuple[str, object]] = []

    # what subclasses define
    def opened(self, tag: str, attrs: dict[str, str | None]) -> object:  # pragma: no cover - overridden
        return None

    def closed(self, tag: str, role: object) -> None:  # pragma: no cover - overridden
        pass

    def void(self, tag: str, attrs: dict[str, str | None]) -> None:
        pass

    # html.parser's events
    def handle_starttag(self, tag, attrs):
        if tag in ENDS_P and any(t == "p" for t, _ in self._open):
            self.handle_endtag("p")
        if tag in VOID:
            self.void(tag, dict(attrs))
            return
        self._open.append((tag, self.opened(tag, dict(attrs))))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            if tag == "br":  # "</br>": browsers read a line break
                self.void(tag, {})
            return
        if all(t != tag for t, _ in self._open):
            return  # an end tag with nothing of its name open: ignored, as browsers do
        while self._open:
            t, role = self._open.pop()
            self.closed(t, role)
            if t == tag:
                break

    def close(self):
        super().close()
        while self._open:  # elements still open at the end of the page end there
            t, role = self._open.pop()
            self.closed(t, role)


def read_html(parser: HTMLParser, html: str, file: str) -> HTMLParser:
    """``parser``, having read ``html`` whole.

    :raises InputError: naming ``file`` when the page cannot be read."""
    try:
        parser.feed(html)
        parser.close()
    except (AssertionError, ValueError) as e:  # pragma: no cover - html.parser is lenient
        raise InputError(file, None, f"the page cannot be read as HTML: {e}") from None
    return parser


def add_text(buffers: Iterable[list[str] | None], text: str) -> None:
    """``text`` appended to each buffer being filled (``None``: the element is not open)."""
    for buf in buffers:
        if buf is not None:
            buf.append(text)


def classes(attrs: dict[str, str | None]) -> set[str]:
    """The element's classes, however the attribute spaces and breaks them."""
    return set((attrs.get("class") or "").split())
