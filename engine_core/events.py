"""Events the battle (and raids) emit for the adapters: small tuples, no strings for players.

Every event is a tuple whose first item is one of the E_* kinds below; the rest
is listed next to each kind. `side` is ATTACKER (0) or DEFENDER (1); `unit` is a
unit id of the edition; `step` is a step code of engine_core/battle/steps.py (S_*).

  (E_STEP, step, round)                   the battle starts (S_START), a round's steps begin
                                          (S_ROUND) or the battle ends (S_END)
  (E_ROUND, round)                        a combat round (cycle) begins
  (E_ROLL, side, step, value, dice)       one firing group rolled: `value` is the
                                          column it fires at (hits on <= value),
                                          dice a tuple of ints (empty when only a
                                          hit count was typed in)
  (E_HITS, side, step, hits)              hits scored by `side` in `step`
  (E_CASUALTY, side, unit, count)         units of `side` destroyed (removed or to the casualty zone)
  (E_DAMAGE, side, unit, count)           two-hit units of `side` damaged
  (E_REMOVED, side, step)                 casualties of `side` taken off the board (they can no longer fire)
  (E_PROMPT, kind)                        the battle stops for a decision (prompt kinds P_* in battle/base.py)
  (E_ANSWER, kind, choice)                a decision was taken (`choice` as given to Battle.answer)
  (E_SUBMERGE, side, count)               submarines of `side` submerged / withdrew
  (E_RETREAT, side, where)                the attacker retreated (`where`: index into the retreat options, -1 = none given)
  (E_BOMBARD, unit, count)                ships bombarding
  (E_KAMIKAZE, tokens, targets)           kamikaze strikes declared (targets: tuple of unit ids)
  (E_SCRAMBLE, unit, count)               defending air units scrambled in
  (E_TRANSPORTS_LOST, side, count)        defenseless transports taken after the battle
  (E_AA, side, shots)                     antiaircraft fire: number of dice at attacking air
  (E_RESULT, outcome, captured)           the battle ended (outcome: O_* in battle/base.py)
  (E_PAYOUT, side, ipc)                   raids / rockets: IPCs lost (raids.py)

Adapters render these; the engine never formats them for people.
"""

E_STEP = 1
E_ROUND = 2
E_ROLL = 3
E_HITS = 4
E_CASUALTY = 5
E_DAMAGE = 6
E_REMOVED = 7
E_PROMPT = 8
E_ANSWER = 9
E_SUBMERGE = 10
E_RETREAT = 11
E_BOMBARD = 12
E_KAMIKAZE = 13
E_SCRAMBLE = 14
E_TRANSPORTS_LOST = 15
E_AA = 16
E_RESULT = 17
E_PAYOUT = 18

ATTACKER = 0
DEFENDER = 1

# Names for hosts and logs (index = kind); the device may ignore them.
NAMES = ("", "step", "round", "roll", "hits", "casualty", "damage", "removed", "prompt",
         "answer", "submerge", "retreat", "bombard", "kamikaze", "scramble",
         "transports_lost", "aa", "result", "payout")
