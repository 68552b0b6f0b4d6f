# gate heap: 272K (a Pacific 1940 tournament, its replay and the raid engine's bytecode sit in the unix port's heap; a board runs them frozen from flash)
"""Bombing raids in a tournament (engine_core.trust.tournament: start_raid / raid_step /
raid_answer): the raid's dice are the committed battle stream (`roll` entries, checked die by
die by verify_log), its set-up, answers and result are logged, its result is owed to the game
before any other action or undo, and the replay re-runs it: a forged raid is refused at its
entry. Expected dice are drawn here from the seeded stream itself (audit.dice_for), the
damage worked by hand from the rulebooks."""
import gc

from engine_core.trust import audit
from engine_core.trust.audit import verify_log
from engine_core.trust.tournament import Tournament, replay, resume

from portable_helpers import _raises, _rehash

SEED = "00112233445566778899aabbccddeeff"


def _classic_at_combat():
    t = Tournament("classic", SEED, luck=False)
    for _ in range(3):                     # Soviet Union: research, purchase, combat move
        t.apply({"type": "end_phase"})
    return t


def test_classic_raid_rolls_the_committed_dice_and_owes_its_result():
    """CL-C-52 CL-C-53 CL-C-54 TOURNAMENT-BATTLE TOURNAMENT-UNDO: two bombers on Germany; the
    AA gun rolls the stream's first two dice (a 1 hits), each survivor one die; until the
    `bombing` record of exactly that damage no other action, no other record, no undo, and
    the refusals log nothing; after it undo stops there (its dice were shown)."""
    stream = audit.dice_for(SEED)
    aa = list(stream.roll(2))
    left = 2 - aa.count(1)
    bomb = list(stream.roll(left)) if left else []
    damage = min(sum(bomb), 32)            # Germany holds 32 (CL-C-54)
    assert damage > 0                      # this seed: a raid with a result to record
    t = _classic_at_combat()
    r = t.start_raid("Germany", {"bomber": 2}, {"aa": 1, "treasury": 32})
    _raises("TOURNAMENT-BATTLE", lambda: t.apply({"type": "end_phase"}))
    _raises("TOURNAMENT-UNDO", t.undo)
    while not r.done:
        t.raid_step()
    assert r.result["damage"] == damage
    n = t.log.count
    _raises("TOURNAMENT-BATTLE", lambda: t.apply({"type": "end_phase"}))
    _raises("TOURNAMENT-BATTLE", lambda: t.apply({"type": "bombing", "territory": "Germany", "damage": damage + 1}))
    _raises("TOURNAMENT-UNDO", t.undo)
    _raises("TOURNAMENT-BATTLE", lambda: t.start_battle("land", {"infantry": 1}, {"infantry": 1}, "Soviet Union",
                                    "Germany", "East Europe"))
    assert t.log.count == n
    if damage:
        t.apply({"type": "bombing", "territory": "Germany", "damage": damage})
    assert t.game.state.treasury[t.board.power_id("Germany")] == 32 - damage
    _raises("TOURNAMENT-UNDO", t.undo)
    t.apply({"type": "end_phase"})
    lines = t.finish()
    t = r = None                           # one tournament in the heap at a time (the replay's)
    gc.collect()
    rolls = [l.split("|")[2] for l in lines if l.split("|")[1:2] == ["roll"]]
    want = [",".join([str(v) for v in aa])] + ([",".join([str(v) for v in bomb])] if bomb else [])
    assert rolls == want
    assert verify_log(lines)[0]
    ok, where, msg, _t = replay(lines, luck=False)
    assert ok, msg


def test_one_raid_per_territory_per_turn():
    """TOURNAMENT-BATTLE: a raid's dice stand: Germany raided once this turn (its result
    recorded) is not raided again the same turn, and the refusal logs nothing."""
    t = _classic_at_combat()
    r = t.start_raid("Germany", {"bomber": 2}, {"aa": 1, "treasury": 32})
    while not r.done:
        t.raid_step()
    t.apply({"type": "bombing", "territory": "Germany", "damage": 12})     # AA 5,3; bombs 6,6
    n = t.log.count
    _raises("TOURNAMENT-BATTLE", lambda: t.start_raid("Germany", {"bomber": 1}, {"aa": 1, "treasury": 20}))
    # (20: what Germany holds after paying 12; the refusal is the second raid's, not the set-up's)
    assert t.game.state.treasury[t.board.power_id("Germany")] == 20
    assert t.log.count == n and not t.raid_open()


def test_a_raid_set_up_the_game_contradicts_is_refused():
    """TOURNAMENT-BATTLE: the raid takes the target's facts from the game: Germany holds 32
    IPCs at the start (CL-P-04), so a raid set up against 20 is refused and logs nothing."""
    t = _classic_at_combat()
    n = t.log.count
    _raises("TOURNAMENT-BATTLE", lambda: t.start_raid("Germany", {"bomber": 2}, {"aa": 1, "treasury": 20}))
    assert t.log.count == n and t.raid is None


def test_a_bombing_record_without_a_raid_is_refused():
    """TOURNAMENT-BATTLE: in a tournament the device rolls every raid: a `bombing` action with
    no logged raid is refused and logs nothing."""
    t = _classic_at_combat()
    n = t.log.count
    _raises("TOURNAMENT-BATTLE", lambda: t.apply({"type": "bombing", "territory": "Germany", "damage": 6}))
    assert t.log.count == n


def _pacific_raid(extra=None, intercept=1):
    """Japan at war with the UK, Conduct combat: 2 strategic bombers and 2 escorts on India
    against 2 interceptors; the escorts' and interceptors' questions answered (1 each; `intercept`
    the interceptors' answer); `extra`: more of the raid's set-up."""
    t = Tournament("pacific_1940", SEED, luck=False)
    t.apply({"type": "end_phase"})         # Purchase -> Combat move
    t.apply({"type": "declare_war", "target": "United Kingdom"})
    t.apply({"type": "end_phase"})         # -> Conduct combat
    fac = t.game.state.facilities[t.board.territory_id("India")]
    from engine_core.battle.raids import targets_from_facilities
    setup = {"targets": targets_from_facilities(fac), "interceptors": 2}
    setup.update(extra or {})
    r = t.start_raid("India", {"strategic_bomber": 2, "fighter": 2}, setup)
    t.raid_answer(1)                       # one escort flies (P40-C-41)
    t.raid_answer(intercept)               # one interceptor (P40-C-42)
    while not r.done:
        if r.prompt is not None:
            t.raid_answer(r.prompt.default)
        else:
            t.raid_step()
    from engine_core.trust.tournament import raid_actions
    for a in raid_actions(r, t.board.territory_id("India")):
        t.apply(a)
    t.apply({"type": "end_phase"})
    lines = t.finish()
    t = r = None
    gc.collect()
    return lines


def test_1940_raid_answers_are_logged_replayed_and_a_forged_answer_is_refused():
    """P40-C-41 P40-C-42 TOURNAMENT-BATTLE: the raid's answers are `raid answer` entries; the
    replay re-runs the raid from them and the committed dice; an answer rewritten (two escorts
    where one flew) is refused at the first entry the replayed raid disagrees with."""
    lines = _pacific_raid()
    assert verify_log(lines)[0]
    ok, where, msg, _t = replay(lines, luck=False)
    assert ok, msg
    _t = None                              # one replayed game in the heap at a time
    gc.collect()
    bodies = [l.split("|") for l in lines[1:-1]]
    i = [k for k in range(len(bodies)) if bodies[k][1] == "raid" and bodies[k][2] == "answer escorts 1"][0]
    forged = _rehash(lines, i + 1, "answer escorts 2")
    ok, where, msg, _t = replay(forged, luck=False)
    assert not ok and where is not None and where > i, msg


def test_resume_in_the_middle_of_a_raid_keeps_it_owed():
    """TOURNAMENT-BATTLE CL-C-52 CL-C-53: a power cut after the raid's set-up: the tournament
    rebuilt from the log still holds the raid, run on with the same committed dice (AA 5,3: no
    hit; bombing 6,6: 12 IPCs), owed to the game."""
    stream = audit.dice_for(SEED)
    aa = list(stream.roll(2))
    bomb = list(stream.roll(2 - aa.count(1)))
    assert aa == [5, 3] and bomb == [6, 6]
    lines = []
    t = Tournament("classic", SEED, luck=False, sink=lines.append)
    for _ in range(3):
        t.apply({"type": "end_phase"})
    t.start_raid("Germany", {"bomber": 2}, {"aa": 1, "treasury": 32})
    t = None
    gc.collect()
    more = []
    t, dropped = resume("classic", SEED, list(lines), sink=more.append, luck=False)
    assert dropped == 0 and t.raid_open()
    assert t.raid.done and t.raid.result["damage"] == 12
    assert [m.split("|")[1:3] for m in more[:2]] == [["roll", "5,3"], ["roll", "6,6"]]
    _raises("TOURNAMENT-BATTLE", lambda: t.apply({"type": "end_phase"}))
    t.apply({"type": "bombing", "territory": "Germany", "damage": 12})
    assert not t.raid_open()
