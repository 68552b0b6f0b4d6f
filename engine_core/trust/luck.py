"""The luck ledger: per battle, the exact expected outcome (engine_core.odds.exact) against what
happened, summed per power (issue 9).

    ledger = LuckLedger(board)                     # number=fractions.Fraction on a host for exact sums
    ledger.record("land", {"infantry": 3}, {"infantry": 2}, battle.result,
                  attacker_power, defender_power, territory)
    ledger.battles                                  # one record per battle (R_* indexes)
    ledger.totals()                                 # per power: (power, battles, expected, actual, luck)

The measure is the IPC swing, the defender's IPCs lost minus the attacker's: what the
battle did to the balance of the game. `expected` is its exact mean from the odds engine
under the battle engine's default decisions (the default order of loss; a battle the
attacker left by retreat after round N is compared with "retreat after round N", so a
choice is not counted as luck). `luck` = actual - expected, credited to the attacker and
debited to the defender, so the ledger of a game sums to zero over its powers.
Battles the odds engine cannot rate (an option it does not model) are kept with
expected None and left out of the sums.

Values are kept in the odds engine's number type; `cents(x)` gives whole hundredths for
display (integers format the same on every interpreter).
"""

from engine_core.errors import RuleError, InputError
from engine_core.battle.base import O_RETREAT
from engine_core.numfmt import half_up

R_ATTACKER = 0
R_DEFENDER = 1
R_TERRITORY = 2
R_KIND = 3
R_WIN_CHANCE = 4     # the attacker's chance to win, before the battle
R_EXPECTED = 5       # expected IPC swing (defender lost - attacker lost)
R_ACTUAL = 6         # the swing that happened
R_LUCK = 7           # actual - expected, in the attacker's favour
R_OUTCOME = 8        # battle.O_* of the result



def cents(x):
    """x in whole hundredths, rounded half away from zero (numfmt.half_up: a float32 result
    just below a half rounds as the exact value does)."""
    if x is None:
        return None
    v = x * 100
    if v >= 0:
        return half_up(v)
    return -cents(-x)


class LuckLedger:
    def __init__(self, board, number=float):
        self.board = board
        self.number = number
        self.battles = []

    def expected(self, kind, attacker, defender, result):
        """(attacker's win chance, expected IPC swing) from the odds engine, or (None, None)."""
        from engine_core.odds import exact as odds
        policy = None
        if result["outcome"] == O_RETREAT:
            policy = {"retreat_after_round": result["rounds"]}
        try:
            o = odds.odds(self.board, kind, attacker, defender, policy=policy, number=self.number)
        except (RuleError, InputError, MemoryError):
            return None, None
        return o["attacker_wins"], o["ipc_swing"]

    def record(self, kind, attacker, defender, result, attacker_power=-1, defender_power=-1,
               territory=-1):
        """Add one finished battle; returns its record."""
        win, exp = self.expected(kind, attacker, defender, result)
        ipc = result["ipc_lost"]
        actual = ipc[1] - ipc[0]
        luck = None if exp is None else actual - exp
        rec = (attacker_power, defender_power, territory, kind, win, exp, actual, luck,
               result["outcome"])
        self.battles.append(rec)
        return rec

    def totals(self):
        """Per power id, in id order: (power, battles, expected swing, actual swing, luck).
        A defender's figures are the attacker's with the sign turned."""
        n = self.board.power_count
        zero = self.number(0)
        count = [0] * n
        exp = [zero] * n
        act = [zero] * n
        luck = [zero] * n
        for r in self.battles:
            if r[R_EXPECTED] is None:
                continue
            for p, sign in ((r[R_ATTACKER], 1), (r[R_DEFENDER], -1)):
                if 0 <= p < n:
                    count[p] += 1
                    exp[p] = exp[p] + sign * r[R_EXPECTED]
                    act[p] = act[p] + sign * r[R_ACTUAL]
                    luck[p] = luck[p] + sign * r[R_LUCK]
        return [(p, count[p], exp[p], act[p], luck[p]) for p in range(n)]

    def rows(self):
        """What a screen shows after the game: per power with battles, (power, battles,
        expected, actual, luck) in whole hundredths of an IPC (ints: same text everywhere)."""
        out = []
        for p, n, e, a, l in self.totals():
            if n:
                out.append((p, n, cents(e), cents(a), cents(l)))
        return out
