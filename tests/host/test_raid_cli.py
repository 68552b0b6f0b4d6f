"""`python -m engine_core raid` (issue 16 item 18): a bombing raid from a JSON spec."""
import io
import json

from engine_core import __main__ as cli


def _run(spec):
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["raid", "-"], io.StringIO(json.dumps(spec)), out, err)
    return code, out.getvalue(), err.getvalue()


def test_classic_raid_from_the_command_line():
    """CL-C-52, CL-C-53: the AA gun rolls 1, 4, 6 at three bombers (one down); the two
    survivors roll 5 and 6: 11 IPCs surrendered out of 30."""
    code, out, err = _run({"edition": "Classic", "attacker": {"bombers": 3}, "aa": 1,
                           "treasury": 30, "dice": [1, 4, 6, 5, 6]})
    assert code == 0, err
    r = json.loads(out)
    assert r["edition"] == "classic" and r["dice_left"] == 0
    assert r["result"]["ipcs_lost"] == 11
    assert r["result"]["attacker_lost"] == {"bomber": 1}
    assert r["result"]["bombers_left"] == {"bomber": 2}


def test_1940_raid_on_a_minor_complex():
    """P40-C-46, P40-C-47: one strategic bomber, no escorts or interceptors, against a minor
    complex with no damage: its AA rolls 3 (miss); the bomber rolls 4 + 2 = 6 markers, the
    minor complex's cap (6)."""
    code, out, err = _run({"edition": "pacific_1940", "attacker": {"strategic_bomber": 1},
                           "targets": {"minor_industrial_complex": 0}, "dice": [3, 4]})
    assert code == 0, err
    r = json.loads(out)["result"]
    assert r["damage"] == 6
    assert r["facilities"] == [["minor_industrial_complex", 0, 6, 6]]


def test_bad_spec_names_the_field():
    """A spec field the raid does not know, or a die of 7, is refused (exit 2) by name."""
    code, out, err = _run({"edition": "classic", "attacker": {"bomber": 1}, "bombers": 2})
    assert code == 2 and "bombers" in err
    code, out, err = _run({"edition": "classic", "attacker": {"bomber": 1}, "treasury": 5,
                           "dice": [7]})
    assert code == 2 and "dice[0]" in err
