"""The command line runs on the embedded sample event."""

import json

from click.testing import CliRunner

from drawsafe.cli.main import main


def test_standings_on_sample_is_json_list():
    result = CliRunner().invoke(main, ["standings", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == 81
    assert [r["rank"] for r in rows] == list(range(1, 82))
    assert {"rank", "player", "points", "wins", "losses", "draws", "omw", "gw", "ogw"} <= set(rows[0])
