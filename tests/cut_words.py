"""Words of a wrong cut (issue 50, item 6): what a report or a page may not say of the cut it is
about.  At a points cut nothing says "Top 8", "the first 8" or "the 8th player"; at a Top N nothing
says "N+ points" or "last qualifier"; and a cut's bare name never follows an article ("making the
15+ points"): a sentence says :meth:`~drawsafe.event.cut.Cut.noun`.
"""

from __future__ import annotations

import html
import re

from drawsafe.event.cut import Cut

#: Wrong whatever the cut: a bare name after an article, a doubled article, the old figure label.
ALWAYS = (r"\b(?:the|a) \d+(?:\.\d+)?\+ points", r"\bthe the\b", r"making the cut: ")
#: Wrong at a points cut: words of a cut by rank.
AT_POINTS = (r"\bTop \d+", r"\bthe first \d+\b(?!,\d| simulations)", r"\b\d+(?:st|nd|rd|th) player\b")
#: Wrong at a Top N: words of a points cut.
AT_TOP = (r"\d+(?:\.\d+)?\+ points", r"\bcut at \d", r"\blast qualifier\b")


def page_text(markup: str) -> str:
    """The words of an HTML page as a reader sees them: no script, style, SVG or embedded image,
    entities decoded, every run of white space one space."""
    text = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", markup, flags=re.DOTALL | re.IGNORECASE)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"\s+", " ", html.unescape(text))


def wrong_cut_words(text: str, cut: Cut) -> list[str]:
    """Each place of ``text`` that words another cut than ``cut`` (or no cut at all), with the
    words around it; empty when every cut word is right."""
    text = re.sub(r"\s+", " ", text)
    patterns = ALWAYS + (AT_POINTS if cut.points is not None else AT_TOP)
    if cut.points is None and cut.top is not None:
        patterns += (rf"\bTop (?!{cut.top}\b)\d+",)
    return [text[max(0, m.start() - 50):m.end() + 30] for p in patterns for m in re.finditer(p, text)]
