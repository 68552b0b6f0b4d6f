"""Hostile input at the engine's public API (issue 17): Game.new / Game.apply in every edition
and phase, Battle(...) / answer, odds: a refusal is RuleError or InputError (never TypeError,
KeyError, IndexError, ValueError of Python's own) and changes nothing. No rule is at stake
(INPUT); the rules' own refusals are the portable tests'.
"""
import copy
import gc

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_core.battle.steps import Battle
from engine_core.board import EDITIONS
from engine_core.dice import Dice
from engine_core.errors import InputError, RuleError
from engine_core.ledger import save
from engine_core.ledger.game import Game
from engine_core.odds import exact

WORDS = ("infantry", "armor", "tank", "fighter", "battleship", "transport", "submarine", "India",
         "Japan", "Germany", "United Kingdom", "Karelia", "sz 6", "major", "minor", "air_base",
         "heavy_bombers", "press", "retreat", "default", "lost", "damaged", "hits", "dice",
         "ipc_lost", "captured", "zzz", "")
SCALARS = (st.none() | st.booleans() | st.integers(-3, 8) | st.sampled_from(
    (10 ** 8, 10 ** 30, -10 ** 9, 2 ** 29, 2 ** 31)) | st.floats(allow_nan=False, width=32)
    | st.sampled_from(WORDS))
VALUES = st.recursive(SCALARS, lambda c: st.lists(c, max_size=4) | st.dictionaries(
    st.sampled_from(WORDS), c, max_size=3), max_leaves=8)
ACTION_TYPES = ("purchase", "place", "repair", "upgrade", "capture", "battle", "violate_neutral",
                "declare_war", "research", "end_phase", "collect_income", "answer", "bombing",
                "enter", "advantage")
FIELDS = ("units", "territory", "count", "dice", "target", "result", "by", "value", "name",
          "power", "damage", "attack", "convoy", "answers", "facility", "rolls", "sea_zone", "aa",
          "captured", "attacker_ipc", "defender_ipc", "kamikaze", "tech", "chart", "hostile",
          "german_subs")
PHASES = 8          # games are tried after 0 .. PHASES-1 end_phase actions (a whole turn)
_GAMES = {}


def _game(edition, phases):
    """A game of `edition` after `phases` end_phase actions (built once and kept: an action
    that is applied is undone by the test)."""
    key = (edition, phases)
    if key not in _GAMES:
        g = Game.new(edition)
        for _ in range(phases):
            try:
                g.apply({"type": "end_phase"})
            except RuleError:
                break            # a pending question: the game stays where it is
        _GAMES[key] = g
    return _GAMES[key]


def _snapshot(g):
    return save.dumps(g), copy.deepcopy(vars(g.state))


def _refused_or_applied(f, *args):
    """True if applied, False if refused with RuleError/InputError; anything else fails.
    gc.collect (the device's RAM hygiene in Game.new and undo) is skipped meanwhile: in this
    process's large heap it costs most of the time and changes no result."""
    collect = gc.collect
    gc.collect = _no_collect
    try:
        f(*args)
        return True
    except (RuleError, InputError):
        return False
    finally:
        gc.collect = collect


def _no_collect(*args):
    return 0


def _fuzz(n):
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


@_fuzz(1500)
@given(st.sampled_from(EDITIONS), st.integers(0, PHASES - 1), st.sampled_from(ACTION_TYPES),
       st.dictionaries(st.sampled_from(FIELDS), VALUES, min_size=1, max_size=3))
def test_game_apply_hostile_actions(edition, phases, kind, fields):
    """INPUT: a hostile action is refused with RuleError/InputError and the state is unchanged."""
    g = _game(edition, phases)
    before = _snapshot(g)
    action = dict(fields)
    action["type"] = kind
    if _refused_or_applied(g.apply, action):
        _refused_or_applied(g.undo)
    assert _snapshot(g) == before, action


@_fuzz(500)
@given(VALUES | st.sampled_from(EDITIONS), VALUES, VALUES)
def test_game_new_hostile(edition, seed, options):
    """INPUT: Game.new refuses a bad edition, seed or options with InputError."""
    _refused_or_applied(Game.new, edition, seed, options)


SIDES = st.dictionaries(st.sampled_from(("infantry", "armor", "fighter", "battleship",
                                         "submarine", "zzz", "tank")),
                        st.integers(0, 3) | SCALARS, max_size=3) | VALUES
OPTIONS = st.dictionaries(st.sampled_from(("retreat", "seaborne", "bombard", "scramble",
                                           "air_bases", "kamikaze", "sub_withdraw",
                                           "paratroopers", "liberates", "attacker_cargo",
                                           "attacker_tech", "attacker_na", "sea_attacker",
                                           "space")), VALUES, max_size=2) | VALUES


@_fuzz(800)
@given(st.sampled_from(("classic", "revised_lhtr", "pacific_1940")),
       st.sampled_from(("land", "sea", "amphibious")) | VALUES, SIDES, SIDES, OPTIONS,
       st.lists(VALUES, max_size=4))
def test_battle_hostile(edition, kind, attacker, defender, options, answers):
    """INPUT: Battle(...) refuses hostile sides, kinds and options; answer() refuses hostile
    answers and changes nothing."""
    try:
        b = Battle(edition, kind, attacker, defender, options)
    except (RuleError, InputError):
        return
    dice = Dice(7)
    for a in answers:
        p = b.run_until_prompt(dice)
        if p is None:
            return
        before = b.to_bytes() if hasattr(b, "to_bytes") else None
        if not _refused_or_applied(b.answer, a) and before is not None:
            assert b.to_bytes() == before, a


@_fuzz(500)
@given(st.sampled_from(("classic", "revised_lhtr", "pacific_1940")),
       st.sampled_from(("land", "sea", "amphibious")) | VALUES, SIDES, SIDES,
       st.dictionaries(st.sampled_from(("policy", "bombard", "tech", "damaged", "rounds_done",
                                        "advantages", "space")), VALUES, max_size=2))
def test_odds_hostile(edition, kind, attacker, defender, extra):
    """INPUT: odds() refuses hostile sides, policies and options with InputError/RuleError."""
    _refused_or_applied(lambda: exact.odds(edition, kind, attacker, defender, **extra))


KAMIKAZE_BATTLES = (
    ("pacific_1940", "sea", {"battleship": 1, "destroyer": 1}, {"submarine": 1}, {"kamikaze": 2}),
    ("revised_lhtr", "sea", {"fighter": 1, "destroyer": 1}, {"transport": 1, "battleship": 1},
     {"attacker_na": ["kamikaze"]}))


@_fuzz(300)
@given(st.sampled_from(KAMIKAZE_BATTLES), VALUES | st.lists(st.lists(VALUES, max_size=4),
                                                              max_size=3))
def test_kamikaze_answers_hostile(spec, choice):
    """INPUT: a hostile kamikaze answer (Pacific 1940's tokens, LHTR's Kamikaze advantage) is
    refused with RuleError/InputError and the battle is unchanged."""
    b = Battle(*spec)
    p = b.run_until_prompt(Dice(3))
    while p is not None and p.name() != "kamikaze":
        b.answer(None)
        p = b.run_until_prompt(Dice(3))
    assert p is not None
    before = b.to_bytes()
    if not _refused_or_applied(b.answer, choice):
        assert b.to_bytes() == before, choice
