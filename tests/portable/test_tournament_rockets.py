# gate heap: 256K (a Revised/LHTR tournament, then its replay, and the tournament's rules and log bytecode sit in the unix port's heap; a board runs them frozen from flash)
"""Rocket attacks in a tournament (engine_core.trust.tournament): a rocket's die is the next
die of the committed battle stream, drawn once the game has taken the rocket and logged as
the `roll` entry after its `action` entry; a die typed in is refused; a refused rocket draws
nothing; verify and the replay re-check it, and a log whose rocket die was rewritten is
refused at that entry. Expected dice are drawn here from the seeded streams themselves
(audit.dice_for: battles; dice.Dice(game_seed): the game's research dice), the damage worked
by hand from the rulebook."""
import gc

from engine_core.dice import Dice
from engine_core.trust import audit
from engine_core.trust.audit import verify_log
from engine_core.trust.tournament import Tournament, game_seed, replay

from portable_helpers import _raises, _rehash

SEED = "00112233445566778899aabbccddeeff"


def _to(t, power, phase):
    while not (t.game.summary()["power"] == power and t.game.summary()["phase"] == phase):
        t.apply({"type": "end_phase"})


def _rocket(target, launcher):
    return {"type": "rocket", "territory": target, "launcher": launcher}


def _played():
    """The Soviet Union researches Rockets in round 1 (LHTR-T-04: two dice naming Rockets,
    number 2 on the chart; the game's stream gives 5, 2: gained, working from its next turn,
    LHTR-T-05), then in round 2's Conduct Combat fires from Karelia at Germany (LHTR-T-08,
    2 spaces: Karelia - Eastern Europe - Germany) and from Caucasus at Southern Europe (3:
    Caucasus - Ukraine S.S.R. - Balkans - Southern Europe). Returns (tournament, the two rocket dice
    drawn here from the battle stream, the checks made on the way)."""
    research = Dice(seed=game_seed(SEED)).roll(2)
    assert 2 in research                   # this seed: Rockets gained with two dice
    rockets = audit.dice_for(SEED).roll(2)    # the battle stream's first dice: no battle before
    t = Tournament("revised_lhtr", SEED, luck=False)
    b = t.board
    ussr, ger = b.power_id("Soviet Union"), b.power_id("Germany")
    _to(t, "Soviet Union", "research")
    t.apply({"type": "research", "dice": 2, "tech": "rockets"})
    _to(t, "Germany", "research")
    _to(t, "Soviet Union", "combat")       # round 1 over; the Soviet Union's second turn
    assert t.game.state.round == 2
    g_before = t.game.state.treasury[ger]
    n = t.log.count
    # TOURNAMENT-DICE: a die typed into the action is refused, nothing logged
    _raises("TOURNAMENT-DICE", lambda: t.apply({"type": "rocket", "territory": "Germany", "launcher": "Karelia S.S.R.",
                              "die": 6}))
    assert t.log.count == n
    t.apply(_rocket("Germany", "Karelia S.S.R."))
    assert t.game.state.journal[-1][3] == rockets[0]
    assert t.game.state.treasury[ger] == g_before - min(rockets[0], 10)   # Germany's value 10
    # LHTR-A-20 / LHTR-T-08: a second rocket from Karelia, a second one at Germany: refused,
    # nothing logged and no die drawn (the next rocket gets the stream's second die)
    n = t.log.count
    _raises("LHTR-T-08", lambda: t.apply(_rocket("Southern Europe", "Karelia S.S.R.")))
    _raises("LHTR-T-08", lambda: t.apply(_rocket("Germany", "Russia")))
    assert t.log.count == n
    # TOURNAMENT-UNDO: the rocket's die was shown
    _raises("TOURNAMENT-UNDO", t.undo)
    s_before = t.game.state.treasury[ger]
    t.apply(_rocket("Southern Europe", "Caucasus"))
    assert t.game.state.treasury[ger] == s_before - min(rockets[1], 6)    # Southern Europe's 6
    assert t.game.state.treasury[ussr] == 24 - 10 + t.game.state.income_log[ussr]
    _to(t, "Germany", "purchase")
    return t, rockets


def test_rocket_dice_come_from_the_committed_stream_and_verify():
    """TOURNAMENT-DICE LHTR-T-08 LHTR-A-20: the two rockets' dice are the stream's
    first two (this seed: 5 and 3): Germany pays 5 for Germany (value 10) and 3 for Southern
    Europe (value 6); the log holds each as `action rocket:...` then `roll <die>`; verify_log
    checks the rolls against the seed and the replay re-applies the rockets."""
    t, rockets = _played()
    assert rockets == [5, 3]               # the worked case the docstring gives
    lines = t.finish()
    t = None                               # one tournament in the heap at a time (the replay's)
    gc.collect()
    es = [l.split("|")[1:3] for l in lines[1:-1]]
    at = [i for i in range(len(es)) if es[i][0] == "action" and es[i][1].startswith("rocket:")]
    assert len(at) == 2
    for k in range(2):
        assert es[at[k]][1].split(",")[3] == str(rockets[k])
        assert es[at[k] + 1] == ["roll", str(rockets[k])]
    assert [e[1] for e in es if e[0] == "roll"] == [str(rockets[0]), str(rockets[1])]
    assert verify_log(lines)[0]
    ok, where, msg, _t = replay(lines, luck=False)
    assert ok, msg


def test_a_rewritten_rocket_die_is_refused_at_its_entry():
    """TOURNAMENT-DICE: the forger (holding the revealed seed) rewrites the first rocket's die
    5 -> 6 in its action entry and chains the log again: the replay names that entry; with its
    `roll` entry rewritten too, verify_log finds the roll is not the seed's die."""
    t, rockets = _played()
    lines = t.finish()
    t = None
    gc.collect()
    i = [k for k in range(1, len(lines) - 1) if lines[k].split("|")[2].startswith("rocket:")][0]
    body = lines[i].split("|")[2]
    parts = body.split(",")
    assert parts[3] == str(rockets[0])
    parts[3] = "6"
    forged = _rehash(lines, i, ",".join(parts))
    ok, where, msg, _t = replay(forged, luck=False)
    assert not ok and where == i and "TOURNAMENT-DICE" in msg, (where, msg)
    _t = None
    gc.collect()
    forged = _rehash(forged, i + 1, "6")      # its roll entry too
    assert lines[i + 1].split("|")[1:3] == ["roll", str(rockets[0])]
    ok, where, _msg = verify_log(forged)
    assert not ok and where == i + 1, (where, _msg)
