"""Every forgery class of issue 15 is refused by `verify`, at the entry where it shows.

The forger holds the revealed seed (it is in the footer) and recomputes the whole hash chain
(it has no secret); what it cannot change is what the players saw during the game: the
commitment (shown before the first die, binding the seed, the edition and the game entry with
its options) and the checkpoint codes (shown at the end of every player turn). Consistent
rewrites -- the game replays them -- are caught by the checkpoints; the others by the replay,
at the first entry the replayed game disagrees with."""
import os
import sys
import tempfile

from engine_core.trust import audit
from engine_core.trust.tournament import Tournament, replay
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reliability_properties import same_engine_modules  # noqa: E402,F401 (autouse fixture)
from engine_core.host import verify_cli  # noqa: E402

SEED = "00112233445566778899aabbccddeeff"


class _Out:
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s


def verify(lines, checkpoints=()):
    """(exit status, printed text) of `python -m engine_core verify` on these lines."""
    fd, path = tempfile.mkstemp(suffix=".log")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(lines) + "\n")
    out, err = _Out(), _Out()
    argv = [path, "--no-luck"]
    for n, code in checkpoints:
        argv += ["--checkpoint", "%d=%s" % (n, code)]
    try:
        status = verify_cli.main(argv, None, out, err)
    finally:
        os.unlink(path)
    return status, out.text + err.text


def entries(lines):
    """[(kind, body)] of a log's entries (header and footer left out)."""
    return [tuple(l.split("|")[1:3]) for l in lines[1:-1]]


def rechain(lines, new_entries, edition=None):
    """The forger's log: these entries renumbered and chained again under the same header
    (the same commitment; a new edition when given, its chain start recomputed), the footer
    with the revealed seed and the new final hash."""
    head = lines[0].split("|")
    ed = edition or head[2]
    start = audit.chain_start(ed, head[3], head[1])
    out = ["|".join((head[0], head[1], ed, head[3], start))]
    prev = start
    for i, (kind, body) in enumerate(new_entries):
        text = "%d|%s|%s" % (i + 1, kind, body)
        prev = audit.chain_next(prev, text)
        out.append(text + "|" + prev)
    out.append("SEED|%s|%s" % (lines[-1].split("|")[1], prev))
    return out


def honest(attack=None, mix=None):
    """Classic, round 1: the Soviet Union buys 2 infantry, fights East Europe and records it,
    collects income; Germany buys 1 infantry and ends its turn. Returns (log lines, the
    checkpoints the device showed at each turn's end: (entry, code)), the battle's result."""
    t = Tournament("classic", SEED, luck=False)
    if mix is not None:
        t.mix(mix)
    cps = []

    def act(a):
        st = t.game.state
        turn = (st.round, st.turn)
        t.apply(a)
        st = t.game.state
        if (st.round, st.turn) != turn:
            cps.append(t.checkpoint())

    act({"type": "end_phase"})
    act({"type": "purchase", "units": {"infantry": 2}})
    act({"type": "end_phase"})
    act({"type": "end_phase"})
    b = t.start_battle("land", attack or {"infantry": 3, "armor": 2}, {"infantry": 1},
                       "Soviet Union", "Germany", "East Europe")
    while b.prompt is not None:
        t.answer(None)
    r = b.result
    act({"type": "battle", "territory": "East Europe", "captured": r["captured"],
         "attacker_ipc": r["ipc_lost"][0], "defender_ipc": r["ipc_lost"][1]})
    for _ in range(4):                             # to Collect Income, then Germany's turn
        act({"type": "end_phase"})
    act({"type": "end_phase"})                     # Germany: research -> purchase
    act({"type": "purchase", "units": {"infantry": 1}})
    for _ in range(6):
        act({"type": "end_phase"})
    return list(t.finish()), cps, r


def _first(lines, kind, prefix=""):
    """Index (1-based entry number) of the first entry of `kind` whose body starts with prefix."""
    for i, (k, b) in enumerate(entries(lines)):
        if k == kind and b.startswith(prefix):
            return i + 1
    raise AssertionError("no %s %s entry" % (kind, prefix))


def _group_end(es, i):
    """The index after entry i's group (the action/input at i and the outputs that follow)."""
    j = i + 1
    while j < len(es) and es[j][0] in ("bank", "game_dice", "roll"):
        j += 1
    return j


def test_the_honest_game_verifies_with_its_checkpoints():
    """CL-C-02 CL-E-10: the honest log verifies, its two turn-end checkpoints match, the
    commitment is printed for the players to compare with the one they noted."""
    lines, cps, _r = honest()
    assert len(cps) == 2
    status, text = verify(lines, cps)
    assert status == 0, text
    assert "2 checkpoints match" in text
    assert lines[0].split("|")[3] in text


def test_dropping_the_last_action_is_refused_at_the_last_checkpoint():
    """CL-C-02: the last action (Germany's last end_phase, which ended its turn) dropped and
    the chain recomputed replays fine; the turn-end checkpoint the players noted refuses it."""
    lines, cps, _r = honest()
    es = entries(lines)
    last = max(i for i, e in enumerate(es) if e[0] == "action")
    forged = rechain(lines, es[:last])
    assert verify(forged)[0] == 0                  # consistent: the replay alone cannot tell
    status, text = verify(forged, cps)
    assert status == 1 and ("NOT VERIFIED at entry %d:" % cps[-1][0]) in text, text


def test_dropping_or_doubling_an_action_is_refused_at_the_next_checkpoint():
    """CL-C-02 CL-P-03: Germany's purchase dropped (with its bank entry), or doubled: the
    replay agrees with each rewrite; the checkpoint at the end of Germany's turn refuses it."""
    lines, cps, _r = honest()
    es = entries(lines)
    i = _first(lines, "action", "purchase:1,1,") - 1     # Germany is power 1
    j = _group_end(es, i)
    dropped = rechain(lines, es[:i] + es[j:])
    doubled = rechain(lines, es[:j] + es[i:j] + es[j:])
    for forged in (dropped, doubled):
        status, text = verify(forged)
        if status == 0:                            # consistent: only the checkpoint tells
            status, text = verify(forged, cps)
            assert status == 1 and ("NOT VERIFIED at entry %d:" % cps[-1][0]) in text, text
        else:
            # the replay disagrees where a treasury total first differs: at or after the rewrite
            assert text.startswith("NOT VERIFIED at entry "), text
            where = int(text.split("entry ")[1].split(":")[0])
            assert i + 1 <= where <= len(es) + 1, (where, text)
            assert "bank" in text


def test_swapping_two_groups_is_refused():
    """CL-C-02 CL-P-03: the Soviet purchase group swapped with the end_phase before it (a
    purchase in the research phase): refused at the first swapped entry."""
    lines, cps, _r = honest()
    es = entries(lines)
    i = _first(lines, "action", "purchase:1,0,") - 1
    j = _group_end(es, i)
    k = i - 1                                      # the end_phase group just before it
    while es[k][0] != "action":
        k -= 1
    forged = rechain(lines, es[:k] + es[i:j] + es[k:i] + es[j:])
    status, text = verify(forged, cps)
    assert status == 1 and ("NOT VERIFIED at entry %d:" % (k + 1)) in text, text


def test_changed_options_are_refused_at_the_commitment():
    """CL-C-02: the game entry's options changed (chain recomputed, the commitment noted
    before the game kept): the commitment binds the options, refused at the header."""
    lines, _cps, _r = honest()
    es = entries(lines)
    assert es[0] == ("game", '{"options":{}}')
    forged = rechain(lines, [("game", '{"options":{"rd":true}}')] + es[1:])
    status, text = verify(forged)
    assert status == 1 and "NOT VERIFIED at header:" in text and "options" in text, text


def test_a_sibling_edition_is_refused_at_the_commitment():
    """CL-C-02: LHTR <-> Revised and Global 1940 <-> its variant, the header's edition changed
    and the chain recomputed: the commitment binds the edition, refused at the header."""
    for edition, sibling in (("revised_lhtr", "revised"), ("global_1940", "global_1940_variant")):
        t = Tournament(edition, SEED, luck=False)
        t.apply({"type": "end_phase"})
        lines = list(t.finish())
        assert verify(lines)[0] == 0
        forged = rechain(lines, entries(lines), edition=sibling)
        status, text = verify(forged)
        assert status == 1 and "NOT VERIFIED at header:" in text and sibling in text, (edition, text)


def _lost():
    """The honest game with a battle the Soviet attacker loses (1 infantry against 1)."""
    for n in range(40):
        lines, cps, r = honest(attack={"infantry": 1}, mix=n)
        if not r["captured"]:
            return lines, cps, r
    raise AssertionError("no lost battle in 40 mixes")


def test_a_capture_after_a_lost_battle_is_refused_at_the_action():
    """CL-C-02 CL-E-10: the battle was lost (its end entry says captured 0); the forger makes
    the game's battle action say captured 1 (or records a capture with no battle) and
    recomputes the chain: refused at that action (TOURNAMENT-BATTLE)."""
    lines, _cps, r = _lost()
    es = entries(lines)
    i = _first(lines, "action", "battle:") - 1
    body = es[i][1].split(":")[1].split(",")
    assert body[3] == "0"                          # BATTLE t, captor+1, captured, ...
    body[3] = "1"
    forged = rechain(lines, es[:i] + [("action", "battle:" + ",".join(body))] + es[i + 1:])
    status, text = verify(forged)
    assert status == 1 and ("NOT VERIFIED at entry %d:" % (i + 1)) in text, text
    assert "TOURNAMENT-BATTLE" in text or "the log says" in text, text
    # capture with no battle (CAPTURE t, captor, aa) in place of the battle's record
    cap = "capture:5,%s,0,0" % body[1]
    forged = rechain(lines, es[:i] + [("action", cap)] + es[i + 1:])
    status, text = verify(forged)
    assert status == 1 and ("NOT VERIFIED at entry %d:" % (i + 1)) in text, text


def test_battle_end_rewritten_to_match_a_forged_capture_is_refused_at_the_battle():
    """CL-C-02: the battle's end entry rewritten to captured 1 to match a forged action:
    the replayed battle (the seeded dice) ends otherwise, refused at the battle's end entry."""
    lines, _cps, _r = _lost()
    es = entries(lines)
    i = _first(lines, "battle", "end ") - 1
    forged = rechain(lines, es[:i] + [("battle", es[i][1].replace('"captured":0', '"captured":1'))] + es[i + 1:])
    status, text = verify(forged)
    assert status == 1 and ("NOT VERIFIED at entry %d:" % (i + 1)) in text, text


def test_an_empty_line_after_the_header_no_longer_skips_the_replay():
    """CL-E-01 CL-C-02: issue 15's exploit: an empty line after the header and every bank
    figure raised by 500 IPCs, the chain recomputed: verify used to print 'dice only'; the
    replay now always runs and refuses the first bank entry."""
    lines, _cps, _r = honest()
    es = entries(lines)
    raised = []
    for kind, body in es:
        if kind == "bank":
            p, delta, total, why = body.split(" ", 3)
            body = "%s %s %d %s" % (p, delta, int(total) + 500, why)
        raised.append((kind, body))
    forged = rechain(lines, raised)
    forged.insert(1, "")
    status, text = verify(forged)
    first_bank = [i for i, e in enumerate(es) if e[0] == "bank"][0] + 1
    assert status == 1 and ("NOT VERIFIED at entry %d:" % first_bank) in text, text
    assert "dice only" not in text


def test_a_log_without_its_game_entry_is_refused_at_entry_1():
    """CL-C-02: the game entry removed and the chain recomputed: refused at entry 1."""
    lines, _cps, _r = honest()
    forged = rechain(lines, entries(lines)[1:])
    status, text = verify(forged)
    assert status == 1 and "NOT VERIFIED at entry 1:" in text, text


def test_checkpoint_codes_are_checked_and_badly_written_ones_are_usage_errors():
    """CL-C-02: a checkpoint noted wrong is refused at its entry; N=CODE that is not a
    number and hex digits is a usage error (exit 2); codes may be typed in groups."""
    lines, cps, _r = honest()
    n, code = cps[0]
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    status, text = verify(lines, [(n, wrong)])
    assert status == 1 and ("NOT VERIFIED at entry %d:" % n) in text, text
    assert verify(lines, [(n, code[:4] + "-" + code[4:].upper())])[0] == 0
    assert verify_cli.parse_checkpoint("12=ab-CD") == (12, "abcd")
    status, text = verify(lines, [(n, "xyz")])
    assert status == 2 and "hex" in text


def test_the_players_number_is_mixed_into_the_dice_and_checked():
    """CL-C-02: a players' number changes every die (battle dice from mixed_seed, a hash the
    test recomputes with hashlib); verify checks the mix; a number changed in the log, or a
    mix entry out of place, is refused."""
    import hashlib
    from engine_core.dice import Dice
    lines, cps, _r = honest(mix=123456)
    es = entries(lines)
    assert es[1] == ("mix", "123456")
    assert verify(lines, cps)[0] == 0
    m = hashlib.sha256(("adjutant-mix/1:%s|123456" % SEED).encode()).hexdigest()
    assert audit.mixed_seed(SEED, 123456) == m
    rolls = []
    for kind, body in es:
        if kind == "roll":
            rolls += [int(v) for v in body.split(",")]
    assert rolls == Dice(state=audit.dice_state(m)).roll(len(rolls))
    plain = honest()[0]
    assert [b for k, b in entries(plain) if k == "roll"] != [b for k, b in es if k == "roll"]
    forged = rechain(lines, es[:1] + [("mix", "123457")] + es[2:])
    status, text = verify(forged)
    assert status == 1 and "NOT VERIFIED at entry" in text
    late = rechain(lines, es[:1] + es[2:4] + [es[1]] + es[4:])
    status, text = verify(late)
    assert status == 1 and "NOT VERIFIED at entry 4:" in text, text


def test_a_format_1_log_still_verifies_and_says_what_it_does_not_bind():
    """CL-C-02: a log written before issue 15 (format 1: the commitment binds the seed only)
    verifies, marked as such, under the rules it was played with (a battle closed without
    its record, an undo after dice)."""
    t = Tournament("classic", SEED, luck=False, version="1")
    for _ in range(3):
        t.apply({"type": "end_phase"})
    b = t.start_battle("land", {"infantry": 1}, {"infantry": 1}, "Soviet Union", "Germany", "East Europe")
    while b.prompt is not None:
        t.answer(None)
    t.apply({"type": "end_phase"})
    t.undo()
    lines = list(t.finish())
    assert lines[0].startswith("ADJUTANT-LOG|1|")
    status, text = verify(lines)
    assert status == 0 and "format 1" in text, text
    ok, _w, msg, _t = replay(lines, luck=False)
    assert ok, msg
