"""drawsafe.sentences: each kind of sentence says what it claims and nothing more, in the terminal's
and the page's variant (tests/simulation/test_sentence_audit.py checks the claims themselves)."""

from __future__ import annotations

from dataclasses import dataclass

from drawsafe.event.cut import Cut
from drawsafe.sentences import (
    PAGE,
    REST_INCOMPLETE,
    REST_NONE,
    REST_POINTS,
    REST_TIES,
    TERMINAL,
    WHY_BYE,
    WHY_CUT,
    WHY_DROPPED,
    WHY_LEFT,
    Claim,
    certainty_headline,
    deciders,
    need_sentence,
    opponents_sentence,
    unpaired_sentence,
)
from drawsafe.stats import Proportion
from drawsafe.text import sentence_start


@dataclass(frozen=True)
class Cond:
    parts: tuple

    def to_json(self):
        return []


EDWIN = Cond(((6, ("Edwin Lopez", "Chip Richey"), frozenset({0})),))
GREG = Cond(((10, ("Greg Minklei", "Makenzie Gilly"), frozenset({0})),))
DRAW3 = Cond(((3, ("A", "B"), frozenset({1})),))
BOTH = Cond(((3, ("A", "B"), frozenset({1})), (4, ("C", "D"), frozenset({0, 2}))))
MORE = tuple(Cond(((20 + i, (f"X{i}", f"Y{i}"), frozenset({1})),)) for i in range(4))


def test_exact_pairs_read_in_unless_and_in_if_otherwise_out():
    unless = (Claim("in", "none", (EDWIN, GREG)), Claim("out", "any", (EDWIN, GREG)))
    assert need_sentence("loss", unless, REST_NONE, "") == \
        "if you lose: in unless Edwin Lopez beats Chip Richey (table 6) or Greg Minklei beats Makenzie Gilly (table 10)"
    in_if = (Claim("in", "any", (DRAW3,)), Claim("out", "none", (DRAW3,)))
    assert need_sentence("draw", in_if, REST_NONE, "") == "if you draw: in if table 3 draws; otherwise out"


def test_a_sufficient_condition_says_so_and_what_is_left_carries_the_simulations_figure():
    """The issue's case: seven conditions, only sufficient (points alone), the rest decided by the
    tiebreaks; the page never names a command-line option."""
    said = (Claim("in", "none", (EDWIN, GREG, DRAW3) + MORE),)
    odds = Proportion(72, 2000)
    page = need_sentence("loss", said, REST_POINTS, "the tiebreaks (OWP and OOWP)", odds, PAGE)
    assert page == ("if you lose: sure to be in if none of these happens: Edwin Lopez beats Chip Richey (table 6), "
                    "Greg Minklei beats Makenzie Gilly (table 10), table 3 draws (and 4 more); otherwise it comes "
                    "down to the tiebreaks (OWP and OOWP), not worked out here (too many tables for the exact "
                    "search); your odds if you lose: 3.6% [2.9–4.5%] in the simulations")
    terminal = need_sentence("loss", said, REST_POINTS, "the tiebreaks (OWP and OOWP)", odds, TERMINAL)
    assert "(and 4 more: --json lists them)" in terminal and "3.60% [2.87%, 4.51%]" in terminal
    assert "--" not in page and "in unless" not in page and "in unless" not in terminal


def test_several_tables_in_a_condition_are_numbered():
    said = (Claim("in", "any", (BOTH, EDWIN)), Claim("out", "any", (GREG,)))
    text = need_sentence("win", said, REST_TIES, "the random order of exact ties")
    assert text == ("if you win: sure to be in if one of these happens: (1) table 3 draws and table 4 has a "
                    "winner, (2) Edwin Lopez beats Chip Richey (table 6); sure to be out if Greg Minklei beats "
                    "Makenzie Gilly (table 10); otherwise it comes down to the random order of exact ties")


def test_not_sure_whatever_names_what_decides_from_the_pack():
    """Item 2: "a game-score tiebreak" only where the pack has one; Pokémon's OWP and OOWP read
    results only, so after the exact search only the random order of exact ties is left."""
    pokemon = deciders(("OWP", "OOWP"), (), False, exact=True)
    magic = deciders(("OMW%", "GW%", "OGW%"), ("GW%", "OGW%"), False, exact=True)
    assert pokemon == "the random order of exact ties"
    assert magic == "the game-score tiebreaks (GW% and OGW%) or the random order of exact ties"
    assert deciders(("OWP", "OOWP"), (), False, exact=False) == "the tiebreaks (OWP and OOWP)"
    assert "game" in deciders(("SOS", "ESOS"), (), True, exact=True)  # Netrunner scores games
    text = need_sentence("draw", (Claim("not in", "always"),), REST_TIES, pokemon)
    assert text == ("if you draw: not sure of the cut whatever the other tables do; it comes down to the random "
                    "order of exact ties")
    assert "game" not in text
    unproven = need_sentence("draw", (Claim("open", "always"),), REST_POINTS, "the tiebreaks (OWP and OOWP)")
    assert unproven.startswith("if you draw: not proven to be in whatever the other tables do; it comes down")
    assert "not worked out here (it takes conditions on more than 3 tables)" in \
        need_sentence("win", (Claim("in", "any", (EDWIN,)),), REST_INCOMPLETE, "")


def test_an_exact_share_has_no_interval():
    from drawsafe.simulation.live import ExactShare

    text = need_sentence("win", (Claim("in", "any", (EDWIN,)),), REST_TIES, "the random order of exact ties",
                         ExactShare(5 / 12, 12))
    assert text.endswith("your odds if you win: 41.67%, counting every outcome")


def test_rivals_are_counted_and_the_page_names_no_option():
    c = Claim("in", "at most", rivals=tuple((f"P{i}", i) for i in range(10)), at_most=1, points=15)
    page = need_sentence("loss", (c,), "unproven", "")
    assert page.startswith("if you lose: sure to be in if at most 1 of these 10 reach 15 points: P0 (table 0), ")
    assert "and 2 more;" in page and "--json" not in page
    assert "and 2 more (--json lists them)" in need_sentence("loss", (c,), "unproven", "", where=TERMINAL)


def test_names_keep_their_case_and_certainty_headlines():
    assert sentence_start("if you lose: in unless edwin Lopez beats Chip Richey") == \
        "If you lose: in unless edwin Lopez beats Chip Richey"
    assert certainty_headline("clinched", {}, Cut(8)) == "Clinched: you make the Top 8 whatever happens."
    assert certainty_headline("eliminated", {}, Cut(8)) == \
        "Eliminated: you cannot make the Top 8 (unless someone above you drops)."
    assert certainty_headline("eliminated", {}, Cut(8, 19.0)) == "Eliminated: you cannot make the cut at 19+ points."
    assert certainty_headline("open", {"win": "clinched", "draw": "open", "loss": "eliminated"}, Cut(8, 19.0)) \
        == "Not decided yet: clinched if you win; eliminated if you lose."


def test_likely_is_said_once():
    text = opponents_sentence(15, (("Alex", 0.34), ("Bea", 0.2)), ((12.0, 0.6), (13.0, 0.4)), 0.0, 100)
    assert text == ("In round 15 you likely face Alex (34%), Bea (20%); an opponent on 12 points 60% of the time "
                    "(from 100 pairings).")
    assert text.count("likely") == 1


def test_unpaired_sentences_say_why_from_the_file():
    assert unpaired_sentence("Kaitlin Sabelhaus", 15, WHY_CUT, last=9, points=18, phase="day 2",
                             cut="everyone on 19+ points") == \
        ("Kaitlin Sabelhaus is not paired in round 15: missed the cut for day 2 with 18 points after round 9 "
         "(day 2 took everyone on 19+ points).")
    assert unpaired_sentence("A", 4, WHY_DROPPED, last=2) == "A is not paired in round 4: dropped after round 2."
    assert "left the event after round 3" in unpaired_sentence("A", 5, WHY_LEFT, last=3)
    assert unpaired_sentence("A", 4, WHY_BYE).startswith("A has a bye in round 4")
