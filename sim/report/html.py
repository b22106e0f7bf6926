"""HTML building blocks of the report: one self-contained page, readable on a phone.

Nothing is referenced from outside the page: the figures are embedded as base64 PNG ``data:`` URIs
(each in two renditions, for wide screens and for phones), the style sheet is inline, there is no
script and no font to fetch.  Every piece of text from the event (player names, the event name) is
escaped.
"""

from __future__ import annotations

import base64
from html import escape

from drawsafe.report.style import PHONE, WIDE

CSS = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       line-height: 1.45; color: #1a1a1a; background: #fff; }
main { max-width: 62rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: 0.2rem 0 0.4rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.5rem; border-bottom: 2px solid #0072B2; padding-bottom: 0.2rem; }
p.meta { color: #555; margin: 0 0 1rem; font-size: 0.9rem; }
p.phone { display: none; }
section#summary ul { padding-left: 1.2rem; }
section#summary li { margin: 0.35rem 0; }
figure { margin: 0.8rem 0; }
figure img { display: block; width: WIDE_PX; max-width: 100%; height: auto; margin: 0 auto;
             border: 1px solid #e3e3e3; }
figcaption { font-size: 0.9rem; color: #333; margin-top: 0.4rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; margin: 0.6rem 0; }
table { border-collapse: collapse; font-size: 0.85rem; min-width: 100%; }
th, td { padding: 0.25rem 0.5rem; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap; }
th { background: #f3f6fa; position: sticky; top: 0; }
td.name, th.name { text-align: left; }
details { margin: 0.5rem 0; }
summary { cursor: pointer; color: #0072B2; }
footer { margin: 2.5rem 0 1rem; font-size: 0.8rem; color: #666; }
@media (max-width: 600px) {
  main { padding: 0.6rem; }
  h1 { font-size: 1.25rem; }
  h2 { font-size: 1.05rem; }
  table { font-size: 0.78rem; }
  p.phone { display: block; color: #555; font-size: 0.85rem; }
  figure img { width: PHONE_PX; }
}
""".replace("WIDE_PX", f"{WIDE.css_width}px").replace("PHONE_PX", f"{PHONE.css_width}px")
#: Screens that get the phone rendition of the figures.
PHONE_MEDIA = "(max-width: 600px)"


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def figure(pngs: tuple[bytes, bytes], alt: str, caption: str) -> str:
    """An embedded figure with its caption (``caption`` is HTML already): ``pngs`` are its wide and
    phone renditions, the phone's on screens up to 600 CSS pixels wide, each shown at its CSS width
    (the style sheet's, from its rendition) so that its text keeps its point size."""
    wide, phone = pngs
    return (f'<figure><picture><source media="{PHONE_MEDIA}" srcset="{data_uri(phone)}">'
            f'<img src="{data_uri(wide)}" alt="{escape(alt)}"></picture>'
            f"<figcaption>{caption}</figcaption></figure>")


def table(headers: list[str], rows: list[list[str]], names: tuple[int, ...] = (0,)) -> str:
    """A scrollable table; columns in ``names`` are left-aligned text, the others numbers."""
    def cell(tag: str, i: int, text: str) -> str:
        cls = ' class="name"' if i in names else ""
        return f"<{tag}{cls}>{escape(text)}</{tag}>"

    head = "".join(cell("th", i, h) for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def section(ident: str, title: str, body: str) -> str:
    return f'<section id="{ident}"><h2>{escape(title)}</h2>{body}</section>'


def paragraph(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def bullet_list(items: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>"


def page(title: str, meta: str, sections: list[str], footer: str) -> str:
    """The whole document."""
    return ("<!DOCTYPE html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head>"
            f'<body><main><header><h1>{escape(title)}</h1><p class="meta">{escape(meta)}</p>'
            '<p class="phone">Every number of the figures is also in the tables, which scroll '
            "sideways.</p></header>"
            + "".join(sections)
            + f"<footer>{escape(footer)}</footer></main></body></html>\n")
