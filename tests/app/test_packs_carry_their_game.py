"""Rule packs carry their game: no code outside the packs compares a pack's name.

Points, best-of, the result model's defaults, the attendance table, what ``--check`` tries and
what is warmed are the pack's declarations (:class:`drawsafe.tiebreaks.packs.RulePack`); a new game
is one pack.  The scan reads every module's source: a comparison (``==``, ``!=``, ``in``) or a
``startswith`` with a pack's name (or a family prefix such as "pokemon" or "fide") anywhere but in
the packs' own module is a place where the game is guessed from the name.
"""

from __future__ import annotations

import ast

from conftest import ROOT

from drawsafe.tiebreaks.packs import PACKS

NAMES = set(PACKS) | {"chess", "magic"}
#: Where pack names are declared.
PACK_MODULE = ROOT / "sim" / "tiebreaks" / "packs.py"
#: "mtg" is also a pairing system's name (point groups, against "dutch"): comparisons of a pairing
#: are not comparisons of a pack.
PAIRING_NAMES = ("pairing",)


def constants(node) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [c for e in node.elts for c in constants(e)]
    return []


def mentions_pairing(node) -> bool:
    return any(isinstance(n, (ast.Name, ast.Attribute)) and
               any(p in (n.id if isinstance(n, ast.Name) else n.attr) for p in PAIRING_NAMES)
               for n in ast.walk(node))


def name_comparisons(path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            strings = constants(node.left) + [c for comp in node.comparators for c in constants(comp)]
            if any(s in NAMES for s in strings) and not mentions_pairing(node):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("startswith", "endswith") and \
                any(s in NAMES for a in node.args for s in constants(a)):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_code_outside_the_packs_compares_a_pack_name():
    places = []
    for folder in (ROOT / "sim", ROOT / "cli"):
        for path in sorted(folder.rglob("*.py")):
            if path == PACK_MODULE:
                continue
            places += [f"{path.relative_to(ROOT)}:{line}: {text}" for line, text in name_comparisons(path)]
    assert not places, "the game guessed from a pack's name:\n" + "\n".join(places)


def test_the_scan_finds_a_name_comparison(tmp_path):
    """The scan is not blind: the forms the old code used are found."""
    sample = tmp_path / "sample.py"
    sample.write_text('if rules.name.startswith("pokemon"):\n    pass\nx = rules.name == "mtg"\n'
                      'y = name in ("mtg", "mtg-classic")\nz = config.pairing == "mtg"\n')
    assert [line for line, _ in name_comparisons(sample)] == [1, 3, 4]


def test_each_pack_declares_its_game():
    for pack in PACKS.values():
        assert pack.game and pack.results is not None, pack.name
        # a card game without a published table of rounds and cuts says so (Netrunner, One Piece)
        assert pack.schedule is not None or pack.game == "chess" or "--top" in pack.assumed \
            or "rounds table" in pack.assumed, pack.name
        assert (pack.floor_variant is None) or pack.floor_variant in PACKS, pack.name


def test_the_manuals_table_is_generated_from_the_packs():
    """docs/games/index.md holds a marker, not a pasted table: the docs hook writes the packs' table
    there from their declarations when the site is built."""
    import importlib.util

    from drawsafe.tiebreaks.catalogue import catalogue

    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "docs" / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    text = (ROOT / "docs" / "games" / "index.md").read_text(encoding="utf-8")
    assert "<!-- drawsafe:packs -->" in text and "| `mtg` |" not in text
    built = hooks.on_page_markdown(text, page=None, config=None, files=None)
    assert "<!-- drawsafe:packs -->" not in built
    assert "\n" + catalogue().markdown() + "\n" in built
