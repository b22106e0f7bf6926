"""A report words every cut from the cut itself (issue 50, item 6): at a points cut
(``--cut-points 12``) and at a Top 8, every sentence of the page and every text of every figure
names that cut and no other (tests/cut_words.py says what is wrong)."""

from __future__ import annotations

import pytest
from cut_words import page_text, wrong_cut_words
from matplotlib.text import Text

from drawsafe import open_event
from drawsafe.event.cut import Cut
from drawsafe.report import build_report, gather
from drawsafe.report.build import figure_makers
from drawsafe.report.rooting import who_to_root_for
from drawsafe.report.style import PHONE, styled

#: The sample event (81 players before its last round): 12 points clinch some, leave some open.
CUTS = {"points": {"cut_points": 12}, "top": {"top": 8}}


def test_a_cut_in_words():
    assert Cut(8).noun() == "the Top 8" and Cut(8).noun(article=False) == "Top 8"
    assert Cut(8, 12.0).noun() == "the cut at 12+ points" and Cut(points=4.5).noun(article=False) == "cut at 4.5+ points"
    assert Cut(8).noun(day2="19:5") == "the Top 8 through day 2 (19:5)"
    assert Cut().noun() == "the cut (everyone still playing)"
    for cut in (Cut(8), Cut(8, 12.0), Cut(points=19)):
        assert not wrong_cut_words(f"Chance of making {cut.noun()}; finish {cut.within()}; {cut.last_in()}.", cut)
    # what the checker refuses
    assert wrong_cut_words("7 players have clinched the 12+ points", Cut(8, 12.0))
    assert wrong_cut_words("the last player in the Top 8", Cut(8, 12.0))
    assert wrong_cut_words("everyone on 12+ points", Cut(8)) and wrong_cut_words("the Top 16", Cut(8))


@pytest.fixture(scope="module", params=list(CUTS))
def data(request):
    ctx = open_event(None)
    question = ctx.question(**CUTS[request.param], last_round="standings", model="coin", sims=600, seed=3)
    return gather(ctx.snapshot, ctx.rules, question, rules_source=ctx.rules_source)


def figure_texts(data) -> list[str]:
    """Every text of every figure of the report, as drawn on a phone (before wrapping)."""
    snap = data.snapshot
    rows = who_to_root_for(data.batch, data.column(data.player), data.player, data.first_round, data.names,
                           snap.opp[:, :snap.after_round], rivals=data.contenders())
    texts = []
    with styled(PHONE):
        for _, make in figure_makers(data, rows):
            fig = make()
            texts += [t.get_text() for t in fig.findobj(Text) if t.get_text().strip()]
    return texts


def test_the_report_words_its_own_cut(data):
    cut = data.cut
    assert (cut.points is not None) == (data.question.cut.points == 12)
    text = page_text(build_report(data).html)
    assert not wrong_cut_words(text, cut)
    assert cut.noun() in text  # the certainty table: "... have clinched the cut at 12+ points"
    assert cut.within() in text and cut.last_in() in text
    figures = figure_texts(data)
    assert not [w for t in figures for w in wrong_cut_words(t, cut)]
    assert any(cut.noun() in t for t in figures)  # figure 1: "P(making the Top 8)"


def test_a_report_through_day2_says_so(tmp_path):
    """Asked during day 1 for the final Top 8 (--day2 15:2), the report says how the cut is
    reached, not only "the first 8"."""
    from click.testing import CliRunner

    from drawsafe.cli.main import main

    out = tmp_path / "r.html"
    result = CliRunner().invoke(main, ["report", "--after-round", "3", "--day2", "15:2", "--top", "8",
                                       "--sims", "300", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = page_text(out.read_text(encoding="utf-8"))
    day1 = "day 1 ends after round 7, then 2 more Swiss rounds for everyone on 15+ points"
    assert f"The cut is the first 8, through day 2: {day1}." in text
    assert "Round 4 of 9, Top 8 through day 2: drawsafe" in text
    assert not wrong_cut_words(text.replace(day1, ""), Cut(8))  # day 1's cut named there only
