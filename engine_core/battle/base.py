"""The battle's leaf: the constants every battle module shares (sides, kinds, steps, prompts,
outcomes, hit classes), the `Prompt` a battle stops on, and the technology table on demand.

Imports only the foundation (units, errors), so the optional parts of a battle (scramble,
kamikaze, bombardment, amphibious, national advantages, serialization) import this module and
never engine_core/battle/steps.py, which loads them lazily.
"""


ATTACKER = 0
DEFENDER = 1

K_LAND = 0
K_SEA = 1
K_AMPHIBIOUS = 2
K_FLYOVER = 3
KIND_NAMES = ("land", "sea", "amphibious", "flyover")

# steps (codes appear in events and in to_bytes)
S_START = 1
S_SCRAMBLE = 2
S_KAMIKAZE = 3
S_AA = 4
S_BOMBARD = 5
S_ROUND = 6
S_SUBMERGE_DECIDE = 7
S_SUB_ATTACK = 8
S_SUB_DEFEND = 9
S_SUB_REMOVE = 10
S_ATTACK = 11
S_DEFEND = 12
S_REMOVE = 13
S_CHECK = 14
S_WITHDRAW = 15
S_RETREAT = 16
S_END = 17
STEP_NAMES = ("", "start", "scramble", "kamikaze", "aa", "bombard", "round", "submerge_decide",
              "sub_attack", "sub_defend", "sub_remove", "attack", "defend", "remove", "check",
              "withdraw", "retreat", "end")

PRE_STEPS = (
    (S_START, S_BOMBARD, S_AA),                          # Classic (CL-C-41 then CL-C-11)
    (S_START,),                                          # LHTR: AA and bombardment are opening fire
    (S_START, S_SCRAMBLE, S_KAMIKAZE, S_BOMBARD, S_AA),  # 1940 (P40-C-21, C-33, C-56, C-73)
)
ROUND_STEPS = (
    (S_ROUND, S_SUB_ATTACK, S_SUB_REMOVE, S_ATTACK, S_DEFEND, S_REMOVE, S_CHECK, S_WITHDRAW,
     S_RETREAT),
    (S_ROUND, S_AA, S_BOMBARD, S_SUB_ATTACK, S_SUB_DEFEND, S_SUB_REMOVE, S_ATTACK, S_DEFEND,
     S_REMOVE, S_CHECK, S_WITHDRAW, S_RETREAT),
    (S_ROUND, S_SUBMERGE_DECIDE, S_SUB_ATTACK, S_SUB_DEFEND, S_SUB_REMOVE, S_ATTACK, S_DEFEND,
     S_REMOVE, S_CHECK, S_RETREAT),
)

# AA fire at planes flying over a gun's territory (CL-C-70, LHTR-C-22): no rounds
FLYOVER_STEPS = (S_START, S_AA)

# prompts
P_CASUALTIES = 1
P_RETREAT = 2
P_SUBMERGE = 3
P_KAMIKAZE = 4
P_SCRAMBLE = 5
P_BOMBARD = 6
P_DICE = 7
PROMPT_NAMES = ("", "casualties", "retreat", "submerge", "kamikaze", "scramble", "bombard", "dice")

# a bombing raid's prompts (engine_core/battle/raids.py), numbered apart from the battle's
P_ESCORTS = 40          # int: how many of the fighters escort
P_INTERCEPTORS = 41     # int: how many defending fighters intercept
P_AIR_CASUALTIES = 42   # (fighters, tactical bombers, strategic bombers) lost
P_TARGETS = 43          # per target (strategic, tactical) bombers assigned
P_AA_CASUALTIES = 44    # (tactical, strategic) bombers lost at the current facility
P_RAID_DICE = 45        # players' dice for the step: a list of dice, or {"hits": [per group]}
# their names, in code order (one string, split when a name is asked: a raid is rare, the heap not)
RAID_PROMPT_NAMES = "escorts interceptors air_casualties targets aa_casualties dice"

# outcomes
O_ATTACKER_WON = 1
O_DEFENDER_WON = 2
O_BOTH_DESTROYED = 3
O_RETREAT = 4
O_STALEMATE = 5
OUTCOME_NAMES = ("", "attacker_won", "defender_won", "both_destroyed", "retreat", "stalemate")

# hit classes (casualties.choose hit tuple positions)
H_ANY = 0
H_NO_AIR = 1
H_NO_SUB = 2
H_AIR_ONLY = 3


def is_whole(v):
    """A typed die or hit count: an int (not a bool, text or 3.5)."""
    return isinstance(v, int) and not isinstance(v, bool)


class Prompt:
    """A pending decision: `kind` (P_*), `side`, legal `options`, preselected `default`, `info`."""

    def __init__(self, kind, side, options, default, info=None):
        self.kind = kind
        self.side = side
        self.options = options
        self.default = default
        self.info = info

    def name(self):
        if self.kind >= P_ESCORTS:
            return RAID_PROMPT_NAMES.split()[self.kind - P_ESCORTS]
        return PROMPT_NAMES[self.kind]

    def __repr__(self):
        return "Prompt(%s, side=%d, default=%r)" % (self.name(), self.side, self.default)


def zeros(n):
    return [0] * n


def tech_table():
    """engine_core.techs (the one technology table), imported only when a side has
    technologies: a battle without them never loads it (device heap)."""
    from engine_core import techs
    return techs
