"""Bombing raids in a tournament game on the fake device (firmware/screens/raid.py through
engine_core.trust.tournament): the raid's dice come from the tournament's committed stream
(the dice setting and any dice source are not used), its set-up, dice and result are in the
log on flash, its result must be recorded in the game before anything else, and
`python -m engine_core verify` replays it: the honest log verifies, a forged raid is refused
at the entry where it shows.

Expectations are worked by hand from the committed stream (audit.dice_for of the seed, the
generator `verify` itself checks every `roll` entry against) and the Classic rules: the AA gun
hits a bomber on a 1 (CL-C-52), each surviving bomber rolls one die of damage (CL-C-53), the
owner pays it, never more than it holds (CL-C-54)."""

import os
import sys

from engine_core.dice import FixedDice
from engine_core.trust import audit
from fw_device import Device
from test_firmware_tournament import device, new_tournament, log_lines, finish, SEED_HEX
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_tournament_forgeries import verify, entries, rechain  # noqa: E402
from test_reliability_properties import same_engine_modules  # noqa: E402,F401 (autouse fixture)


def _classic_tournament_combat():
    d = device()
    new_tournament(d, "Classic")
    d.press("select")                      # past the commitment screen
    for _ in range(6):                     # Soviet Union: research, purchase, combat move
        if d.app.session.summary()["phase"] == "combat":
            break
        d.press("roll")
    assert d.app.session.summary()["phase"] == "combat"
    return d


def _raid_germany(d):
    d.press("select")                      # the combat menu
    d.select_item("Bombing raid")
    d.select_item("Germany")
    assert d.screen() == "RaidSetup"
    assert d.app.top().counts == [1, 1]    # 1 bomber, the AA gun
    d.press("right", BOMBERS - 1)
    assert d.app.top().counts == [BOMBERS, 1]


BOMBERS = 3


def _hand_worked():
    """(AA dice, bombing dice, IPCs Germany pays) from the committed stream: the raid is the
    tournament's first use of it (no battle before). With this seed: AA 1,2,4 (one bomber
    down), bombing 1,2: 3 IPCs."""
    stream = audit.dice_for(SEED_HEX)
    aa = list(stream.roll(BOMBERS))        # CL-C-52: one die per bomber, 1 hits
    left = BOMBERS - aa.count(1)
    bomb = list(stream.roll(left)) if left else []    # CL-C-53: one die per survivor
    return aa, bomb, min(sum(bomb), 32)    # CL-C-54: Germany holds 32


def _fought(d, before_cut=None):
    """Start, AA, bombing; the result on the screen. A FixedDice offered as the dice source is
    never drawn from: the tournament's dice roll."""
    offered = FixedDice([1, 1, 1, 1])
    d.app.dice_source = lambda: offered
    d.press("roll")                        # start: the set-up logged
    assert d.screen() == "RaidRun"
    d.press("roll")                        # AA
    if before_cut is not None:
        return offered
    d.press("roll")                        # bombing (or the end when the bomber fell)
    assert offered.remaining() == 4        # TOURNAMENT-DICE: no die can be chosen
    return offered


def test_tournament_raid_rolled_from_the_committed_dice_recorded_and_verified():
    """TOURNAMENT-DICE TOURNAMENT-BATTLE CL-C-52 CL-C-53 CL-C-54: the raid on Germany rolls the
    committed dice, Germany pays the hand-worked damage once recorded, the log holds the
    raid's start, its rolls, its end and the `bombing` action; the exported log verifies."""
    aa, bomb, paid = _hand_worked()
    d = _classic_tournament_combat()
    _raid_germany(d)
    _fought(d)
    assert (aa, bomb, paid) == ([1, 2, 4], [1, 2], 3)     # the worked case the docstring gives
    assert "D AA " + " ".join(str(v) for v in aa) in d.text()
    assert "Damage %d IPCs lost %d" % (paid, paid) in d.text()
    d.press("roll")                        # record
    assert d.screen() == "Dashboard"
    assert d.app.session.summary()["treasury"]["Germany"] == 32 - paid
    es = [tuple(l.split("|")[1:3]) for l in log_lines(d.flash)[1:]]
    kinds = [k for k, _b in es]
    i = kinds.index("raid")
    assert es[i][1].startswith("start ")
    assert es[i + 1] == ("roll", ",".join(str(v) for v in aa))
    assert es[i + 2] == ("roll", ",".join(str(v) for v in bomb))
    ends = [b for k, b in es if k == "raid" and b.startswith("end ")]
    assert len(ends) == 1 and '"damage":%d' % paid in ends[0]
    assert ("action", "bombing:13,%d,%d,0" % (d.app.session.board.territory_id("Germany"), paid)) in es
    finish(d)
    lines = log_lines(d.flash)
    status, text = verify(lines)
    assert status == 0, text


def _honest_log():
    d = _classic_tournament_combat()
    _raid_germany(d)
    _fought(d)
    d.press("roll")                        # record
    finish(d)
    return log_lines(d.flash)


def test_a_forged_raid_result_is_refused_by_verify_naming_its_entry():
    """TOURNAMENT-BATTLE: the forger (holding the revealed seed) rewrites the raid's end to more
    damage and chains the log again: the replay names that entry. Rewriting the `bombing`
    record too (and its bank entry) is refused where the record disagrees with the raid the
    dice give. Altering the raid entry without re-chaining breaks the hash chain there."""
    _aa, _bomb, paid = _hand_worked()
    lines = _honest_log()
    es = entries(lines)
    n_end = [i for i, (k, b) in enumerate(es) if k == "raid" and b.startswith("end ")][0]
    forged = list(es)
    forged[n_end] = ("raid", es[n_end][1].replace('"damage":%d' % paid, '"damage":%d' % (paid + 3)))
    assert forged[n_end] != es[n_end]
    status, text = verify(rechain(lines, forged))
    assert status != 0
    assert "entry %d" % (n_end + 1) in text, text

    # the record of the result forged with the raid left as rolled: refused at the record
    forged = list(es)
    n_act = n_end + 1
    assert es[n_act][0] == "action" and es[n_act + 1][0] == "bank"
    forged[n_act] = ("action", es[n_act][1].replace(",%d,0" % paid, ",%d,0" % (paid + 3)))
    forged[n_act + 1] = ("bank", "1 -%d %d bombing-%d" % (paid + 3, 32 - paid - 3, paid + 3))
    status, text = verify(rechain(lines, forged))
    assert status != 0 and "entry %d" % (n_act + 1) in text and "TOURNAMENT-BATTLE" in text, text

    # the raid's set-up forged: five bombers where three flew (its dice then differ or run on)
    forged = list(es)
    n_start = [i for i, (k, b) in enumerate(es) if k == "raid" and b.startswith("start ")][0]
    forged[n_start] = ("raid", es[n_start][1].replace('"bomber":3', '"bomber":5'))
    assert forged[n_start] != es[n_start]
    status, text = verify(rechain(lines, forged))
    assert status != 0 and "entry " in text, text

    # not re-chained: the altered line fails its hash
    bad = list(lines)
    parts = bad[n_end + 1].split("|")
    parts[2] = parts[2].replace('"damage":%d' % paid, '"damage":%d' % (paid + 3))
    bad[n_end + 1] = "|".join(parts)
    status, text = verify(bad)
    assert status != 0 and "entry %d does not match the hash chain" % (n_end + 1) in text, text


def test_tournament_raid_refuses_other_actions_and_undo_until_recorded_and_resumes_after_a_cut():
    """TOURNAMENT-BATTLE TOURNAMENT-UNDO: while the raid runs or its result is unrecorded, no
    other action and no undo; the power goes after the AA roll: Conduct combat offers "Resume
    raid Germany", the raid goes on with the committed dice, Germany pays once, the log
    verifies. Undo then stops at the raid's record (its dice were shown)."""
    from engine_core.errors import RuleError
    _aa, bomb, paid = _hand_worked()
    d = _classic_tournament_combat()
    _raid_germany(d)
    _fought(d, before_cut=True)            # start, AA rolled
    s = d.app.session
    before = len(log_lines(d.flash))
    for attempt in (lambda: s.apply({"type": "end_phase"}), s.undo,
                    lambda: s.apply({"type": "bombing", "territory": "Germany", "damage": 1})):
        try:
            attempt()
        except RuleError as err:
            assert err.rule in ("TOURNAMENT-BATTLE", "TOURNAMENT-UNDO")
        else:
            raise AssertionError("accepted while the raid runs")
    assert len(log_lines(d.flash)) == before            # refusals log nothing
    again = Device(flash=d.flash)          # the power comes back
    again.app.entropy = d.app.entropy
    assert again.app.session.tour is not None and again.app.session.tour.raid_open()
    again.press("select")                  # the combat menu
    top = again.app.top()
    assert top.items[top.cursor][0] == "Resume raid Germany"
    again.press("select")
    assert again.screen() == "RaidRun"
    for _ in range(3):
        if again.app.top().raid.done:
            break
        again.press("roll")
    assert "Damage %d IPCs lost %d" % (paid, paid) in again.text()
    again.press("roll")                    # record
    assert again.screen() == "Dashboard"
    assert again.app.session.summary()["treasury"]["Germany"] == 32 - paid
    try:
        again.app.session.undo()
    except RuleError as err:
        assert err.rule == "TOURNAMENT-UNDO"
    else:
        raise AssertionError("undo took back a raid's record")
    again.press("select")
    assert not any(label.startswith("Resume raid") for label, _v in again.app.top().items)
    again.press("back")
    finish(again)
    lines = log_lines(d.flash)
    assert sum(1 for l in lines if "|bombing:" in l or "|action|bombing" in l) == 1
    status, text = verify(lines)
    assert status == 0, text


def test_pacific_tournament_raid_with_questions_recorded_and_verified():
    """P40-C-41..47 TOURNAMENT-BATTLE: Japan raids India (major IC, air base, naval base) with 2
    strategic bombers and 2 escorts against 2 interceptors in a tournament: the set-up's
    facilities and damage are the game's, each question is answered on the screen (the
    defaults) and logged as a `raid answer` entry, the damage markers recorded per facility
    are the raid's, and the exported log verifies (the replay re-runs the raid)."""
    d = device()
    new_tournament(d, "Pacific 1940")
    d.press("select")                      # past the commitment screen
    d.press("roll")                        # Purchase -> Combat move
    d.press("select")
    d.select_item("Declare war")
    d.select_item("War on United Kingdom")
    d.select_item("Yes")
    d.press("roll")                        # -> Conduct combat
    d.press("select")
    d.select_item("Bombing raid")
    d.select_item("India")
    setup = d.app.top()
    from test_firmware_raid import _to_row
    d.press("right")                       # 2 bombers
    _to_row(d, "Escort fighters")
    d.press("right", 2)
    _to_row(d, "Interceptors")
    d.press("right", 2)
    assert setup.counts == [2, 0, 2, 2]    # bombers, tac bombers, escorts, interceptors
    d.press("roll")                        # start
    assert d.screen() == "RaidRun", d.text()
    run = d.app.top()
    for _ in range(20):
        if run.raid.done:
            break
        d.press("roll")
    assert run.raid.done
    facs = run.raid.result["facilities"]
    india = d.app.session.board.territory_id("India")
    d.press("roll")                        # record
    assert d.screen() == "Dashboard"
    from engine_core.ledger import economy
    state = d.app.session.game.state
    for name, before, added, after in facs:
        assert before == 0
        assert economy.get_damage(state, india, economy.facility_kind(name)) == added
    lines = log_lines(d.flash)
    bodies = [tuple(l.split("|")[1:3]) for l in lines[1:]]
    assert ("raid", "answer escorts 2") in bodies and ("raid", "answer interceptors 2") in bodies
    finish(d)
    status, text = verify(log_lines(d.flash))
    assert status == 0, text
