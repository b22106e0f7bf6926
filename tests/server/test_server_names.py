"""The phone page's forgiving name look-up."""

from __future__ import annotations

from drawsafe.server.names import find_player, fold

NAMES = ("Fedor Radchenko", "KlusovFedor", "Sergei Fedorchenko", "Åsa Öberg", "José  Núñez", "Nitrus",
         "Anna Lee", "Anna Leeds")


def test_fold_ignores_case_accents_and_spaces():
    assert fold("  José  NÚÑEZ ") == "jose nunez"
    assert fold("Åsa Öberg") == "asa oberg"


def test_exact_case_and_accent_insensitive():
    assert find_player(NAMES, "nitrus").name == "Nitrus"
    assert find_player(NAMES, "asa oberg").name == "Åsa Öberg"
    assert find_player(NAMES, "jose nunez").name == "José  Núñez"


def test_partial_names():
    assert find_player(NAMES, "radch").name == "Fedor Radchenko"
    assert find_player(NAMES, "oberg").name == "Åsa Öberg"
    assert find_player(NAMES, "fedor").name == "Fedor Radchenko"  # a whole word beats substrings
    assert find_player(NAMES, "anna lee").name == "Anna Lee"  # exact beats partial


def test_ambiguous_names_suggest():
    lookup = find_player(NAMES, "anna")
    assert lookup.name is None and set(lookup.suggestions) == {"Anna Lee", "Anna Leeds"}
    assert "did you mean" in lookup.message()


def test_misspelled_names_suggest():
    lookup = find_player(NAMES, "radchenk0")
    assert lookup.name is None and "Fedor Radchenko" in lookup.suggestions
    assert find_player(NAMES, "Nitrous").suggestions[0] == "Nitrus"


def test_nothing_close():
    lookup = find_player(NAMES, "zzzzqqq")
    assert lookup.name is None and lookup.suggestions == ()
    assert "no player matches" in lookup.message()
    assert find_player(NAMES, "   ").name is None
