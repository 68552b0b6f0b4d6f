"""Rocket attacks in a tournament game on the fake device (firmware/screens/rocket.py through
engine_core.trust.tournament): the rocket's die is the next die of the tournament's committed
battle stream (the dice setting and any dice source are not used), logged as a `roll` entry
after the `rocket` action on flash; `python -m engine_core verify` replays it: the honest log
verifies, a log whose rocket die was rewritten is refused at that entry.

Expectations are worked by hand from the committed streams (audit.dice_for of the seed, the
generator `verify` checks every `roll` entry against; the game's own stream,
dice.Dice(game_seed), for the research dice) and the Revised/LHTR rules: a research die
showing the development's number gains it (LHTR-T-04), working from the next turn
(LHTR-T-05); a rocket's die is the IPCs lost, the territory's income value at most together
with the turn's raids (LHTR-T-08, LHTR-C-52)."""

import os
import sys

from engine_core.dice import Dice, FixedDice
from engine_core.errors import RuleError
from engine_core.trust import audit
from engine_core.trust.tournament import game_seed
from test_firmware_tournament import device, new_tournament, log_lines, finish, SEED_HEX
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_tournament_forgeries import verify, entries, rechain  # noqa: E402
from test_reliability_properties import same_engine_modules  # noqa: E402,F401 (autouse fixture)

RESEARCH_DICE = 6


def _hand_worked():
    """(research dice, the rocket's die): the Soviet Union researches nothing, so Germany's six
    research dice are the game stream's first; the rocket is the battle stream's first use.
    With this seed: 3 1 6 5 6 2 (a 2: Rockets, number 2 on the chart) and the rocket's 1."""
    research = Dice(seed=game_seed(SEED_HEX)).roll(RESEARCH_DICE)
    return research, audit.dice_for(SEED_HEX).roll(1)[0]


def _end_phases_until(d, power, phase):
    s = d.app.session
    while not (s.summary()["power"] == power and s.summary()["phase"] == phase):
        d.app.act({"type": "end_phase"})


def _germany_combat_with_rockets():
    """A Revised LHTR tournament: Germany researches Rockets in round 1 (6 dice, 30 of its 40
    IPCs), and reaches Conduct Combat in round 2 (the ledger's actions as the dashboard takes
    them)."""
    d = device()
    new_tournament(d, "Revised LHTR")
    d.press("select")                      # past the commitment screen
    s = d.app.session
    _end_phases_until(d, "Germany", "research")
    d.app.act({"type": "research", "dice": RESEARCH_DICE, "tech": "rockets"})
    assert s.summary()["treasury"]["Germany"] == 40 - 5 * RESEARCH_DICE
    _end_phases_until(d, "Soviet Union", "research")
    _end_phases_until(d, "Germany", "combat")
    assert s.game.state.round == 2
    return d


def _fire_at_uk(d):
    """Conduct combat > Rocket attack > United Kingdom > From Germany (3 spaces: Germany -
    Western Europe - Sea Zone 6 - United Kingdom), Start. A FixedDice offered as the dice source
    is never drawn from."""
    offered = FixedDice([6, 6])
    d.app.dice_source = lambda: offered
    d.press("select")                      # the combat menu
    d.select_item("Rocket attack")
    d.select_item("United Kingdom")
    assert d.screen() == "RocketFrom"
    d.select_item("From Germany")
    assert d.screen() == "RocketRun"
    d.press("roll")
    assert offered.remaining() == 2        # TOURNAMENT-DICE: no die can be chosen
    return offered


def test_tournament_rocket_rolls_the_committed_die_logged_and_verified():
    """TOURNAMENT-DICE LHTR-T-08 LHTR-C-52: the rocket at the United Kingdom (income 8) rolls
    the committed stream's first die, 1: the UK pays 1; the log holds `action rocket:...` with
    that die, then `roll 1`; a raid on the UK set up as if nothing was hit this turn is refused
    (the game has 1 of rocket damage, counted with the raids); undo stops at the rocket; the
    exported log verifies."""
    research, die = _hand_worked()
    assert research == [3, 1, 6, 5, 6, 2] and die == 1    # the worked case the docstring gives
    d = _germany_combat_with_rockets()
    s = d.app.session
    uk = s.summary()["treasury"]["United Kingdom"]
    _fire_at_uk(d)
    assert "IPCs lost %d" % min(die, 8) in d.text()
    assert s.summary()["treasury"]["United Kingdom"] == uk - min(die, 8)
    es = entries(log_lines(d.flash) + ["SEED|x|x"])
    b = s.board
    want = "rocket:16,%d,%d,%d,0" % (b.territory_id("United Kingdom"), b.territory_id("Germany"), die)
    i = es.index(("action", want))
    assert es[i + 1] == ("roll", str(die))
    assert [e for e in es if e[0] == "roll"] == [("roll", str(die))]
    for attempt, rule in ((lambda: s.tour.start_raid("United Kingdom", {"bomber": 1}, {"damage_this_turn": 0}),
                           "TOURNAMENT-BATTLE"), (s.undo, "TOURNAMENT-UNDO")):
        n = len(log_lines(d.flash))
        try:
            attempt()
        except RuleError as err:
            assert err.rule == rule, err.rule
        else:
            raise AssertionError("accepted: " + rule)
        assert len(log_lines(d.flash)) == n
    d.press("roll")                        # done
    assert d.screen() == "Dashboard"
    assert d.app.errors == []
    finish(d)
    status, text = verify(log_lines(d.flash))
    assert status == 0, text


def test_a_rewritten_rocket_die_is_refused_by_verify_naming_its_entry():
    """TOURNAMENT-DICE: the forger (holding the revealed seed) rewrites the rocket's die 1 -> 6
    and chains the log again: verify names the rocket's entry, with its `roll` entry rewritten
    too as well; the `roll` entry rewritten alone is refused there (not the seed's die)."""
    _research, die = _hand_worked()
    d = _germany_combat_with_rockets()
    _fire_at_uk(d)
    d.press("roll")
    finish(d)
    lines = log_lines(d.flash)
    es = entries(lines)
    i = [k for k in range(len(es)) if es[k][0] == "action" and es[k][1].startswith("rocket:")][0]
    forged = list(es)
    forged[i] = ("action", es[i][1][:-len("%d,0" % die)] + "6,0")
    assert forged[i] != es[i]
    status, text = verify(rechain(lines, forged))
    assert status != 0 and "entry %d" % (i + 1) in text and "TOURNAMENT-DICE" in text, text
    forged[i + 1] = ("roll", "6")          # its roll too: still refused at the rocket
    status, text = verify(rechain(lines, forged))
    assert status != 0 and "entry %d" % (i + 1) in text, text
    forged = list(es)
    forged[i + 1] = ("roll", "6")          # the roll alone: not the seed's die
    status, text = verify(rechain(lines, forged))
    assert status != 0 and "entry %d" % (i + 2) in text, text


def test_a_power_cut_between_the_rocket_and_its_roll_entry_resumes_once():
    """TOURNAMENT-DICE: the power goes after the `rocket` action reached flash but before its
    `roll` entry: the tournament rebuilt from the log applies the rocket once, with the same
    committed die, and writes the missing `roll` entry (and the bank entry) again."""
    from engine_core.trust.tournament import Tournament, resume
    _research, die = _hand_worked()
    lines = []
    t = Tournament("revised_lhtr", SEED_HEX, luck=False, sink=lines.append)
    while not (t.game.summary()["power"] == "Germany" and t.game.summary()["phase"] == "research"):
        t.apply({"type": "end_phase"})
    t.apply({"type": "research", "dice": RESEARCH_DICE, "tech": "rockets"})
    while not (t.game.state.round == 2 and t.game.summary()["power"] == "Germany"
               and t.game.summary()["phase"] == "combat"):
        t.apply({"type": "end_phase"})
    uk = t.game.summary()["treasury"]["United Kingdom"]
    t.apply({"type": "rocket", "territory": "United Kingdom", "launcher": "Germany"})
    body = [l for l in lines if l]
    i = [k for k in range(len(body)) if "|action|rocket:" in body[k]][0]
    assert body[i + 1].split("|")[1:3] == ["roll", str(die)]
    cut = body[:i + 1]                     # the rocket's action on flash, its roll not yet
    t = None
    more = []
    t, dropped = resume("revised_lhtr", SEED_HEX, cut, sink=more.append, luck=False)
    assert dropped == 0
    assert more[0].split("|")[1:3] == ["roll", str(die)]
    assert more[1].split("|")[1] == "bank"
    assert t.game.summary()["treasury"]["United Kingdom"] == uk - min(die, 8)
    assert [e[0] for e in t.game.state.journal].count(16) == 1     # journal.ROCKET, once
