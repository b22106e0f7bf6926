"""What the readers of saved HTML pages share (chess-results.com's, RK9's)."""

from __future__ import annotations

from collections.abc import Iterable
from html.parser import HTMLParser

from drawsafe.errors import InputError


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
