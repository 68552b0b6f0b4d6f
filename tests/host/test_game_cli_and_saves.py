"""The game CLI and saves on the device's two-slot store (issue 5)."""
import io
import json
import os
import subprocess
import sys

from engine_core.ledger import save as save
from engine_core.ledger.game import Game
from engine_core.errors import InputError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _cli(spec):
    proc = subprocess.run([sys.executable, "-m", "engine_core", "game"], input=json.dumps(spec),
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def test_cli_summary_of_a_pacific_round():
    """P40-G-05, P40-E-51: `python -m engine_core game` prints round, power, phase, treasury
    and production by the rulebook's power names, wars as pairs, victory null."""
    actions = [{"type": "end_phase"}] * 6
    code, out, err = _cli({"edition": "pacific_1940", "actions": actions})
    assert code == 0, err
    s = json.loads(out)
    assert set(s) >= {"round", "power", "phase", "treasury", "production", "at_war", "victory"}
    assert s["power"] == "United States" and s["phase"] == "purchase" and s["round"] == 1
    assert s["treasury"]["Japan"] == 26 + 26 + 10 and s["production"]["ANZAC"] == 10
    assert s["at_war"] == [["Japan", "China"]] and s["victory"] is None


def test_cli_first_illegal_action_exit_2():
    """P40-P-06: the first illegal action is reported with its rule id on stderr, exit 2."""
    actions = [{"type": "end_phase"}, {"type": "end_phase"},
               {"type": "capture", "territory": "India"}]
    code, out, err = _cli({"edition": "pacific_1940", "actions": actions})
    assert code == 2 and out == ""
    assert "action 2" in err and "P40-P-06" in err


def test_cli_malformed_input_exit_2():
    """Malformed input (unknown edition, not JSON) is refused with exit status 2 (no rule
    applies yet; P40-G-01 names the powers of a known edition)."""
    code, out, err = _cli({"edition": "chess", "actions": []})
    assert code == 2 and err.startswith("game: edition: ") and "chess" in err
    from engine_core.host import game_cli
    o, e = io.StringIO(), io.StringIO()
    assert game_cli.main([], io.StringIO("{not json"), o, e) == 2


def test_previous_good_save_kept_on_the_device():
    """CL-S-10: the state the device keeps survives a power cut: a save torn by a power cut
    is refused (checksum) and the firmware's two-slot store returns the previous good save,
    which replays to the earlier state."""
    from firmware.saves import Slots

    class Mem:
        def __init__(self):
            self.files = {}

        def read(self, name):
            return self.files.get(name)

        def write(self, name, data):
            self.files[name] = bytes(data)

        def remove(self, name):
            self.files.pop(name, None)

    store = Mem()
    slots = Slots(store, "game")
    g = Game.new("classic", seed=4)
    g.apply({"type": "end_phase"})
    slots.save(save.dumps(g))
    first = g.state.snapshot()
    g.apply({"type": "purchase", "units": {"infantry": 2}})
    slots.save(save.dumps(g))
    newest = "game.%d" % slots.slot
    store.files[newest] = store.files[newest][:-5]       # the power cut tore the newest record
    back = save.loads(Slots(store, "game").load())
    assert back.state.snapshot() == first
    try:
        save.loads(save.dumps(g)[:-5])
    except InputError as e:
        assert "save" in e.message
    else:
        assert False


def test_save_checksum_is_zlib_crc32():
    """CL-S-10: the save's checksum is the standard CRC-32 (zlib), computed on 16-bit halves
    on the device."""
    import zlib
    for data in (b"", b"a", b"adjutant", bytes(range(256)) * 3):
        assert save.crc32(data) == zlib.crc32(data)


def test_cli_nonaggression_treaty_question_and_answer():
    """LHTR-O-11 ("If Japan attacks more than one red territory in that turn, you may decide
    which such territory receives the infantry"): the game command shows the USSR's question
    when Japan's Combat Move ends with two red territories attacked; a territory Japan did not
    attack is refused by rule; the chosen one ends the question."""
    to_japan_cm = [{"type": "end_phase"}] * 23   # 3 powers x 7 phases, then research and purchase
    attacks = [{"type": "enter", "territory": "Soviet Far East", "attack": 1},
               {"type": "enter", "territory": "Buryatia S.S.R.", "attack": 1},
               {"type": "end_phase"}]
    spec = {"edition": "revised_lhtr", "options": {"national_advantages": ["nonaggression_treaty"]},
            "actions": to_japan_cm + attacks}
    code, out, err = _cli(spec)
    assert code == 0, err
    s = json.loads(out)
    assert s["power"] == "Japan" and s["phase"] == "combat"
    p = s["prompt"]
    assert p["kind"] == "treaty" and p["power"] == 0 and p["rule"] == "LHTR-O-11"
    assert p["labels"] == ["Soviet Far East", "Buryatia S.S.R.", "None"]
    spec["actions"] = to_japan_cm + attacks + [{"type": "answer", "value": "Kazakh S.S.R."}]
    code, out, err = _cli(spec)
    assert code == 2 and "action %d: LHTR-O-11" % (len(spec["actions"]) - 1) in err
    spec["actions"] = to_japan_cm + attacks + [{"type": "answer", "value": "Buryatia S.S.R."}]
    code, out, err = _cli(spec)
    assert code == 0, err
    assert "prompt" not in json.loads(out)
