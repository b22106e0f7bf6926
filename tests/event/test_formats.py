"""The registry of input formats (drawsafe.event.io.formats): every format declared once, in its
own module; --format auto picks, for every file of tests/data, the format it picked before the
formats declared themselves (the table below: the old if-chains' answers); mtgo and topdeck are
--format values."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import DATA, ROOT

from drawsafe.cli.main import main
from drawsafe.errors import InputError
from drawsafe.event.io import folder_format, load_event, parse_event, recognise
from drawsafe.event.io import formats as registry

#: What auto takes each file of tests/data for ("-": no format, an error before any reader).
CHOSEN = {
    "-": ["fide-exercise-2023.csv", "fide-exercise-2023.md", "battlefy/README.md", "chess/chessresults/README.md", "chess/sce/README.md",
          "chess/swissmanager/README.md", "fetch/CONNECTORS.md", "fetch/lichess-FaLp5fSD-results.ndjson",
          "fetch/lichess-LiveSwis-results.ndjson", "fetch/melee-122245.html", "fetch/melee-122246.html",
          "fetch/pokedata-0000128-standings.json.gz", "fetch/pokedata-0000129-juniors-round9.json.gz",
          "fetch/pokedata-0000129-masters-round9.json.gz", "fetch/pokedata-0000129-seniors-round9.json.gz",
          "fetch/pokedata-0000129-standings.json.gz", "fetch/real/README.md",
          "fetch/real/melee/tournament_305152/view.built-here.html",
          "fetch/real/melee/tournament_361066/view.built-here.html",
          "fetch/real/rk9/pairings-TEST01builtHere01.built-here.html",
          "fetch/real/rk9/pairings-TEST03round3only.built-here.html", "magic/spicerack/README.md",
          "netrunner/README.md", "playhub/README.md", "playhub/make_synthetic.py", "pokemon/README.md",
          "pokemon/rk9/README.md"],
    "battlefy": ["battlefy/66f5d01a70020f0022f63314.json", "fetch/real/battlefy/swiss.built-here.json"],
    "chessresults": ["chess/chessresults/ended_pairings.html", "chess/chessresults/ended_standings.html",
                     "chess/chessresults/future_participants.html", "chess/chessresults/portuguese_standings.html",
                     "chess/chessresults/team_pairings_r1.html", "chess/chessresults/team_standings_crosstable.html",
                     "chess/chessresults/tnr1316880-crosstable.csv", "fetch/make.py",
                     "fetch/real/chessresults/tnr1316880-art4.built-here.html"],
    "cobra": ["netrunner/2023-09-30-finland-baltic-nats-cobra.json", "netrunner/2023-09-30-roro-bathgate-co-cobra.json",
              "netrunner/2023-10-15-worlds-cobra.json", "netrunner/2024-01-21-401-games-gnk-cobra.json",
              "netrunner/2024-05-12-401-games-gnk-cobra.json"],
    "csv": ["native/friday.csv"],
    "json": ["fetch/lichess-FaLp5fSD.json", "fetch/lichess-LiveSwis.json", "fetch/limitless-e1-details.json",
             "fetch/limitless-e1-pairings.json", "fetch/limitless-e1-standings.json",
             "fetch/limitless-e2-details.json", "fetch/limitless-e2-pairings.json",
             "fetch/limitless-e2-standings.json", "fetch/melee-122245-round1.json", "fetch/melee-122245-round2.json",
             "fetch/melee-122245-round3.json", "fetch/melee-122245-round4.json", "fetch/melee-122245-standings.json",
             "fetch/melee-122246-round1.json", "fetch/melee-122246-round2.json", "fetch/melee-122246-round3.json",
             "fetch/melee-122246-round4.json", "fetch/melee-122246-standings.json",
             "fetch/melee-api-122245-round1.json", "fetch/melee-api-122245-round2.json",
             "fetch/melee-api-122245-round3.json", "fetch/melee-api-122245-round4.json",
             "fetch/melee-api-122245-standings.json", "fetch/melee-api-122245.json", "fetch/routes.json",
             "fetch/topdeck-artabrian.json", "fetch/topdeck-live.json",
             *[f"fetch/real/melee/tournament_{t}/{f}" for t in (305152, 361066)
               for f in ("Round_1_Matches.json", "Round_1_Standings.json", "Round_2_Matches.json",
                         "Round_2_Standings.json", "Round_3_Matches.json", "Round_3_Standings.json",
                         "page_metadata.json")],
             "magic/spicerack/error_invalid_format.json", "magic/spicerack/tournaments_empty.json",
             "native/friday.json"],
    "melee": ["7-tappa-tigullio-legacy-league-by-kryptalegacy-212625-2025-03-09.json",
              "bristol-pauper-league-spring-26-rebound-417805-2026-06-18.json",
              "bristol-pauper-league-winter-26-brew-off-416320-2026-03-26.json",
              "mont-weekly-legacy-368680-2025-10-02.json",
              "uper-unday-rcq-standard-scg-con-atlanta-sunday-930-am-387525-2026-01-11.json"],
    "mtgo": ["magic/mtgo-challenge.json"],
    "playhub": ["playhub/synthetic_bundle.json", "playhub/event_159805/event_159805_inprogress_r4.json",
                "playhub/event_159805/matches_round7906_page1_of1.json",
                "playhub/event_159805/standings_round7906_page1_of2.json"],
    "pokedata": ["fetch/real/pokedata/0000055.json", "fetch/real/pokedata/0000143.json",
                 "pokemon/pokedata-combined.json", "pokemon/pokedata-rounds.json", "pokemon/pokedata-standings.json"],
    "rk9": ["fetch/real/rk9/TEST01builtHere01-pod2-round1.built-here.html",
            "fetch/real/rk9/TEST01builtHere01-pod2-round2.built-here.html",
            "fetch/real/rk9/TEST01builtHere01-pod2-round3.built-here.html", "pokemon/rk9/division.built-here.html",
            "pokemon/rk9/round-renamed.html", "pokemon/rk9/round-top-cut.html", "pokemon/rk9/round.html",
            "pokemon/rk9/vancouver-2024-masters-round1.excerpt.html"],
    "sce": ["chess/sce/champignol-2025.sce", "chess/sce/handicap.sce", "chess/sce/minimal.sce",
            "chess/sce/petits_bolides_20251206.sce"],
    "spicerack": ["magic/spicerack/tournaments_legacy.json"],
    "swissmanager": ["chess/swissmanager/SrS_KM_2026.TUNx"],
    "tdf": ["pokemon/dg-nov-cup-2025.tdf", "pokemon/league-challenge.tdf", "pokemon/league-cup-drop.tdf",
            "pokemon/outcomes.tdf", "pokemon/two-pods.tdf", "pokemon/unreported-final.tdf", "pokemon/vgc-midround.tdf",
            "pokemon/with-top-cut.tdf"],
    "topdeck": ["magic/topdeck-bye.json"],
    "trf": ["chess/half-paired.trf", "chess/lichess.trf", "chess/open-no-xxr.trf", "fetch/lichess-FaLp5fSD.trf",
            "fetch/lichess-LiveSwis.trf"],
}
EXPECTED = {file: name for name, files in CHOSEN.items() for file in files}


def data_files() -> list[str]:
    return sorted(os.path.relpath(os.path.join(folder, f), DATA) for folder, _, files in os.walk(DATA) for f in files)


def chosen(rel: str) -> str:
    try:
        return recognise((DATA / rel).read_bytes(), rel)[0].name
    except InputError:
        return "-"


def test_every_format_is_declared_once_in_its_own_module():
    names = registry.names()
    assert names[0] == "auto" and list(names[1:]) == sorted(names[1:])
    assert set(names) == {"auto", "json", "csv", "melee", "topdeck", "mtgo", "trf", "tdf", "limitless", "pokedata",
                          "cobra", "playhub", "sce", "chessresults", "rk9", "swissmanager", "battlefy", "spicerack"}
    for content in (registry.BYTES, registry.TEXT, registry.JSON):  # the order of the tests is explicit
        priorities = [f.priority for f in registry.by_content(content)]
        assert len(set(priorities)) == len(priorities) and registry.JSON_PRIORITY not in (
            priorities if content == registry.TEXT else ()), content
    for name in names[1:]:
        fmt = registry.get(name)
        assert fmt.description and fmt.page, name
        home = f"drawsafe.event.io.{'native_json' if name == 'json' else 'native_csv' if name == 'csv' else name}"
        assert fmt.read.__module__.startswith(home), (name, fmt.read.__module__)
    assert registry.names(writers=True) == ("limitless", "tdf")
    with pytest.raises(ValueError, match="declared twice"):
        registry.register(registry.get("trf"))


def test_auto_picks_the_format_it_picked_before_for_every_file_of_tests_data():
    files = data_files()
    assert sorted(EXPECTED) == files, "a file of tests/data is new or gone: say in CHOSEN what auto takes it for"
    wrong = {rel: (chosen(rel), EXPECTED[rel]) for rel in files if chosen(rel) != EXPECTED[rel]}
    assert not wrong, wrong
    # a file read whole is an event of the format that recognised it
    for rel in files:
        if EXPECTED[rel] != "-":
            try:
                assert load_event(DATA / rel).format == EXPECTED[rel], rel
            except InputError:
                pass  # a reader's own refusal (a team event, a round without the earlier ones)


def test_folders_by_their_readers():
    assert folder_format(str(DATA / "playhub" / "event_159805"), "auto").name == "playhub"
    assert folder_format(str(DATA / "native"), "auto").name == "limitless"  # the folder of last resort
    with pytest.raises(InputError) as info:
        load_event(DATA / "native", "trf")
    assert str(info.value) == (f"{DATA / 'native'}: is a folder, not a trf file (only Limitless data and Play "
                               "Hub answers can be read from a folder)")


def test_binary_files_whatever_the_format_says_and_unknown_formats():
    raw = (DATA / "chess" / "sce" / "minimal.sce").read_bytes()
    assert parse_event(raw, "m.sce", "json").format == "sce"
    with pytest.raises(InputError) as info:
        parse_event(raw, "m.sce", "pgn")
    assert str(info.value).startswith("m.sce: unknown format 'pgn' (use one of auto, battlefy, chessresults, ")


def test_mtgo_and_topdeck_are_format_values():
    topdeck = DATA / "magic" / "topdeck-bye.json"
    for fmt in ("auto", "melee", "json", "topdeck"):  # melee names the cache and its entries
        assert load_event(topdeck, fmt).format == "topdeck", fmt
    mtgo = DATA / "magic" / "mtgo-challenge.json"
    assert load_event(mtgo, "mtgo").format == load_event(mtgo, "melee").format == "mtgo"
    native = DATA / "native" / "friday.json"
    for fmt, what in (("melee", "a melee.gg file"), ("topdeck", "a TopDeck.gg file"), ("mtgo", "an MTGO file")):
        with pytest.raises(InputError) as info:
            load_event(native, fmt)
        assert str(info.value) == f"{native}: not {what}: it lacks 'Rounds' and 'Tournament'"
    result = CliRunner().invoke(main, ["standings", str(mtgo), "--format", "mtgo", "--check"])
    assert result.exit_code == 0, result.output


def test_the_format_choices_are_read_when_used():
    """Building the command line (drawsafe --help) imports no reader: the names are read lazily."""
    code = ("import sys; from drawsafe.cli.main import main; "
            "print(sorted(m for m in sys.modules if m.startswith('drawsafe.event.io.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(["drawsafe.event.io.formats"])
    help_text = CliRunner().invoke(main, ["standings", "--help"]).output
    assert "auto|battlefy|chessresults|cobra|csv|json|limitless|melee|mtgo|playhub|pokedata|rk9|sce|" in help_text
    assert "[limitless|tdf]" in CliRunner().invoke(main, ["export", "--help"]).output


def test_the_manual_table_lists_every_format():
    table = registry.markdown_table()
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "docs" / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    page = hooks.on_page_markdown((ROOT / "docs" / "formats" / "index.md").read_text(encoding="utf-8"))
    assert table in page and "<!-- drawsafe:formats -->" not in page  # the page's table is generated
    for name in registry.names()[1:]:
        assert f"| `{name}` | {registry.get(name).description}" in table
    assert "| `tdf` | " in table and "`--division`, `export --to tdf` | [Pok" in table
