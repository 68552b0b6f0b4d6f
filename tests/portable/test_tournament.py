# gate heap: 240K (the tournament's rules and log bytecode sit in the unix port's heap -- 224K until raids joined the tournament, 72f02e4; a board runs them frozen from flash)
"""Tournament mode (issue 9): every roll, action, decision and bank entry in the chained log;
the replay from the revealed seed names the first entry that does not match.
Expected bank figures are the rulebooks' numbers (starting treasuries, unit and die costs);
expected dice come from the seeded generator itself, drawn independently of the tournament."""
import json

from engine_core.trust.audit import commitment, verify_log
from engine_core.dice import Dice
from engine_core.trust.tournament import Tournament, dice_between, enc, game_seed, inputs_in, replay, resume
from portable_helpers import _rehash


def _entries(lines):
    return [l.split("|") for l in lines[1:-1]]


def test_bank_entries_are_the_rulebook_figures():
    """CL-P-04 CL-E-10 CL-E-11 CL-T-01: the U.S.S.R. starts with 24 IPCs; two infantry (3 each)
    and one armor (5) debit 11 and leave 13; two research dice debit 10."""
    t = Tournament("classic", seed=11, luck=False)
    t.apply({"type": "research", "dice": 2})
    t.apply({"type": "end_phase"})
    t.apply({"type": "purchase", "units": {"infantry": 2, "armor": 1}})
    bank = [e[2] for e in _entries(t.finish()) if e[1] == "bank"]
    assert bank == ["0 -10 14 research-10", "0 -11 3 purchase-11"], bank


def test_refused_action_logs_nothing_and_changes_nothing():
    """CL-E-01: a purchase the treasury cannot pay is refused; the log is unchanged."""
    t = Tournament("classic", seed=3, luck=False)
    t.apply({"type": "end_phase"})
    count = t.log.count
    before = t.game.state.snapshot()
    try:
        t.apply({"type": "purchase", "units": {"bomber": 3}})   # 45 IPCs > 24
        assert False, "refused"
    except ValueError as e:     # RuleError (a ValueError with the rule id)
        assert e.rule == "CL-E-01", e
    try:
        t.apply({"type": "purchase", "units": {"no_such_unit": 1}})
        assert False, "refused"
    except ValueError as e:     # RuleError or InputError: both name a rule or "INPUT"
        assert e.rule
    assert t.log.count == count
    assert t.game.state.snapshot() == before


def test_game_dice_come_from_a_separate_stream():
    """CL-T-02 CL-T-03: research dice are rolled by the game's own generator, seeded from a
    hash of the committed seed (so they never repeat the battle dice), and logged: the three
    dice bought, then one chart die for each 6 among them."""
    seed = 99
    t = Tournament("classic", seed=seed, luck=False)
    t.apply({"type": "research", "dice": 3})
    gd = [e[2] for e in _entries(t.finish()) if e[1] == "game_dice"]
    first = Dice(game_seed(seed)).roll(3)
    sixes = len([v for v in first if v == 6])
    assert gd == [",".join([str(v) for v in Dice(game_seed(seed)).roll(3 + sixes)])]
    # 60 bits, both halves of the generator's state from them (not searchable like 2**30)
    gs = game_seed(seed)
    assert gs != seed and (1 << 30) <= gs < (1 << 60)
    from engine_core.dice import seed_state
    low = seed_state(gs % (1 << 30))
    assert seed_state(gs) != low and seed_state(gs)[1] != low[1]


def test_changed_bank_entry_is_caught_by_the_replay():
    """CL-E-10: a bank entry rewritten (chain recomputed) passes the chain but not the replay."""
    t = Tournament("classic", seed=5, luck=False)
    t.apply({"type": "end_phase"})
    t.apply({"type": "purchase", "units": {"infantry": 1}})
    t.apply({"type": "end_phase"})
    lines = t.finish()
    i = 0
    for k, e in enumerate(_entries(lines)):
        if e[1] == "bank":
            i = k + 1
    bad = _rehash(lines, i, "0 -3 22 purchase-3")
    ok, where, msg = verify_log(bad)
    assert ok, msg                      # the chain was recomputed
    ok, where, msg, _t = replay(bad, luck=False)
    assert not ok and where == i, (where, msg)


def test_dropped_action_is_caught_where_the_game_differs():
    """CL-E-10: an action taken out of the log (entries renumbered, chain recomputed) is found
    at the first entry whose figures no longer follow: the next bank entry."""
    t = Tournament("classic", seed=8, luck=False)
    t.apply({"type": "end_phase"})
    t.apply({"type": "purchase", "units": {"infantry": 1}})
    t.apply({"type": "purchase", "units": {"infantry": 1}})
    lines = t.finish()
    assert [e[2] for e in _entries(lines)[2:6]] == ["purchase:1,0,0,1", "0 -3 21 purchase-3",
                                                   "purchase:1,0,0,1", "0 -3 18 purchase-3"]
    kept = lines[:3] + lines[5:]          # entries 3 and 4 (the first purchase) dropped
    fixed = [kept[0], kept[1], kept[2]]
    for k, line in enumerate(kept[3:-1]):
        p = line.split("|")
        fixed.append("|".join([str(k + 3), p[1], p[2], p[3]]))
    fixed.append(kept[-1])
    bad = _rehash(fixed, 0, "")
    ok, where, msg = verify_log(bad)
    assert ok, msg                      # a consistent chain: only the replay can tell
    ok, where, msg, _t = replay(bad, luck=False)
    assert not ok and where == 4, (where, msg)   # "0 -3 18" where the game gives "0 -3 21"


def test_changed_game_die_is_caught_at_its_entry():
    """CL-T-02: a research die changed in the log (chain recomputed) is named by the replay."""
    t = Tournament("classic", seed=12, luck=False)
    t.apply({"type": "research", "dice": 4})
    t.apply({"type": "end_phase"})
    lines = t.finish()
    e = _entries(lines)
    assert e[2][1] == "game_dice"
    vals = e[2][2].split(",")
    vals[1] = "6" if vals[1] != "6" else "5"
    bad = _rehash(lines, 3, ",".join(vals))
    ok, where, msg = verify_log(bad)
    assert ok, msg
    ok, where, msg, _t = replay(bad, luck=False)
    assert not ok and where == 3, (where, msg)


def test_honest_ledger_game_replays_to_the_same_state():
    """CL-E-07 CL-E-10: a whole turn (research, purchase, placement with an undo, income)
    re-runs from the log: same state, and the income entry is the U.S.S.R.'s 24 IPCs."""
    t = Tournament("classic", seed=31, luck=False)
    t.apply({"type": "end_phase"})
    t.apply({"type": "purchase", "units": {"infantry": 2, "armor": 1}})
    for _ in range(4):                                  # combat move, combat, noncombat, mobilize
        t.apply({"type": "end_phase"})
    t.apply({"type": "place", "territory": "Russia", "units": {"infantry": 2}})
    t.undo()
    t.apply({"type": "place", "territory": "Russia", "units": {"infantry": 2, "armor": 1}})
    t.apply({"type": "end_phase"})                      # -> collect income
    t.apply({"type": "end_phase"})                      # collects, Germany's turn
    lines = t.finish()
    ok, where, msg = verify_log(lines)
    assert ok, msg
    ok, where, msg, again = replay(lines, luck=False)
    assert ok, msg
    assert again.game.state.snapshot() == t.game.state.snapshot()
    bank = [x[2] for x in _entries(lines) if x[1] == "bank"]
    assert bank == ["0 -11 13 purchase-11", "0 +24 37 income+24"], bank


def test_resume_after_a_cut_gives_the_same_log():
    """CL-T-02 CL-E-10: the log cut after any entry (a power cut) is resumed from the seed and
    the lines on flash; entries it lacks are produced again; the game goes on to the same log."""
    actions = [{"type": "research", "dice": 2}, {"type": "end_phase"},
               {"type": "purchase", "units": {"infantry": 1}}, {"type": "end_phase"}]
    t = Tournament("classic", seed=21, luck=False)
    for a in actions:
        t.apply(a)
    want = t.finish()
    for cut in range(1, len(want) - 1):
        r, dropped = resume("classic", 21, want[:cut], luck=False)
        assert dropped == 0
        for a in actions[inputs_in(want[:cut]):]:
            r.apply(a)
        assert r.finish() == want, cut
    torn = want[:4] + [want[4][:20]]
    r, dropped = resume("classic", 21, torn, luck=False)
    assert dropped == 1
    try:
        resume("classic", 22, want[:4], luck=False)
        assert False, "another seed's log"
    except ValueError as e:     # InputError
        assert "not this game's" in str(e), e


def test_hex_seed_tournament_verifies_and_its_dice_are_the_hashed_state():
    """CL-C-02: a tournament seed of 32 hex digits (audit.new_seed): commitment, dice and
    verification work as for an int seed; the battle dice state comes from its hash."""
    from engine_core.trust.audit import commitment_of, dice_for, new_seed
    seed = new_seed(bytes(range(16)))
    assert seed == "000102030405060708090a0b0c0d0e0f"
    h = commitment_of("adjutant-dice/1:" + seed)
    assert dice_for(seed).state == (1 + int(h[0:7], 16), 1 + int(h[7:14], 16))
    t = Tournament("classic", seed=seed, luck=False)
    t.apply({"type": "research", "dice": 1})
    lines = t.finish()
    assert lines[-1].startswith("SEED|" + seed + "|")
    # format 2 (issue 15): the seed with the edition and the game entry (its options)
    assert t.commitment == commitment_of("adjutant-seed/2:classic|" + lines[1].split("|")[2] + "|" + seed)
    assert t.commitment == commitment(seed, "classic", '{"options":{}}')
    ok, where, msg = verify_log(lines)
    assert ok, msg
    ok, where, msg, _t = replay(lines, luck=False)
    assert ok, msg
    for bad in ("ABC", "12g4567890abcdef"):
        try:
            commitment(bad)
            assert False, bad
        except ValueError:
            pass


def test_canonical_encoding_sorts_keys():
    """LHTR-C-02: logged battle sides are canonical text, the same on every interpreter."""
    assert enc({"b": 1, "a": [1, "x"], "c": None, "d": True}) == '{"a":[1,"x"],"b":1,"c":null,"d":true}'
    assert json.loads(enc({"armor": 1, "infantry": 2})) == {"armor": 1, "infantry": 2}


def test_dice_between_follows_the_generator():
    """CL-T-02: the dice an action drew are recovered from the generator's two states."""
    d = Dice(7)
    start = d.state
    vals = d.roll(5)
    assert dice_between(start, d.state) == vals
    assert dice_between(start, start) == []
