"""One-time facts of a game, as bits of `GameState.history` (an int below 2**30).

A fact is set once and never cleared (wars never end, P40-P-03; a one-time
bonus is paid once, G40-E-28, G40-U-04). Rules read these bits instead of
searching the journal. Bits 0..29 only, so the int stays a small int on a
32-bit board.

Politics (engine_core/ledger/politics.py):
  JAPAN_ATTACKED_FIC        Japan attacked French Indo-China (P40-E-51, P40-X-47, G40-E-30)
  JAPAN_UNPROVOKED_UK       Japan declared war, unprovoked, on the UK/ANZAC
                            (G40v: on UK Pacific or UK Europe) (P40-P-05, P40-T-72, G40-V-09)
  AXIS_DECLARED_ON_US       an Axis power declared war on the United States (G40-P-23 i)
  AXIS_TOOK_LONDON_OR_NA    an Axis power captured London or a North American territory
                            (G40-P-23 ii)
  AXIS_TOOK_LONDON          an Axis power captured London (G40-P-11: the USSR may declare early)
  EURO_AXIS_DECLARED_ON_USSR a European Axis power declared war on the USSR (G40-P-11)
  GERMANY_ENTERED_CHINA     German units entered a territory open to Chinese units (G40-P-28)
  ITALY_ENTERED_CHINA       Italian units did so (G40-P-28)
  NEUTRAL_ATTACKED_BY_AXIS  the Axis side attacked a neutral first (P40-E-75; Global strict
                            neutrals turn pro-Allies, G40-P-39)
  NEUTRAL_ATTACKED_BY_ALLIES the Allied side attacked a neutral first (P40-E-75)
  USSR_ATTACKED_MONGOLIA    the USSR attacked a Mongolian territory (G40-P-37)
  USSR_ATTACKED_NEAR_MONGOLIA the USSR attacked Korea or a Japanese territory bordering
                            Mongolia while Mongolia was strict neutral (G40-P-39)
  MONGOLIA_PACT_TRIGGERED   Japan attacked a Soviet territory next to Mongolia this turn;
                            the pact is carried out at the end of Japan's Conduct Combat (G40-P-38)
  MONGOLIA_PACT_DONE        the Mongolian territories went to the USSR (G40-P-38)
  US_ENTERED_WAR            the US entered a state of war; its complexes became major (G40-U-02)
  INDIA_IC_UPGRADED         G40v: India's complex became major on the UK's war with Japan (G40-U-03)

Economy and objectives (read by engine_core/ledger/objectives.py, set by the ledger):
  US_WARTIME_BONUS_PAID     the US collected its wartime payment (P40-E-56; the rulebook's
                            one-time 30 IPCs under option p40_us_onetime30, P40-X-03)
  SOVIET_BERLIN_BONUS_PAID  the USSR collected its one-time 10 IPCs for Berlin (G40-E-28, G40-X-41)
  FRENCH_TROOP_BONUS_PAID   France placed its 12 IPCs of free units (G40-U-04, G40-X-37)
  NONAGGRESSION_OVER        Revised/LHTR national advantage: the Soviet Nonaggression Treaty was
                            used (Japan attacked a red territory) or lost (the USSR attacked Japan
                            on land first) (LHTR-O-11, LHTR-CHG-NA-01)
"""

JAPAN_ATTACKED_FIC = 1 << 0
JAPAN_UNPROVOKED_UK = 1 << 1
AXIS_DECLARED_ON_US = 1 << 2
AXIS_TOOK_LONDON_OR_NA = 1 << 3
AXIS_TOOK_LONDON = 1 << 4
EURO_AXIS_DECLARED_ON_USSR = 1 << 5
GERMANY_ENTERED_CHINA = 1 << 6
ITALY_ENTERED_CHINA = 1 << 7
NEUTRAL_ATTACKED_BY_AXIS = 1 << 8
NEUTRAL_ATTACKED_BY_ALLIES = 1 << 9
USSR_ATTACKED_MONGOLIA = 1 << 10
USSR_ATTACKED_NEAR_MONGOLIA = 1 << 11
MONGOLIA_PACT_TRIGGERED = 1 << 12
MONGOLIA_PACT_DONE = 1 << 13
US_ENTERED_WAR = 1 << 14
INDIA_IC_UPGRADED = 1 << 15
US_WARTIME_BONUS_PAID = 1 << 16
SOVIET_BERLIN_BONUS_PAID = 1 << 17
FRENCH_TROOP_BONUS_PAID = 1 << 18
NONAGGRESSION_OVER = 1 << 19    # LHTR-O-11: the Soviet advantage was used or lost

# Bits 20..29: facts an edition's objectives declare (board.facts) that have no constant
# above, e.g. "paid:<key>" of a one-time objective; engine_core/objectives.fact_bit maps them.
# The Revised editions have no board facts: there bits 20..27 hold the national-advantage
# flags of engine_core/ledger/advantages.py (Russian Winter, Joint Strike, ...), some per turn.
BOARD_FACTS_SHIFT = 20

# Names in bit order, for summaries and saves (index = bit number).
NAMES = (
    "japan_attacked_fic", "japan_unprovoked_uk", "axis_declared_on_us",
    "axis_took_london_or_na", "axis_took_london", "euro_axis_declared_on_ussr",
    "germany_entered_china", "italy_entered_china", "neutral_attacked_by_axis",
    "neutral_attacked_by_allies", "ussr_attacked_mongolia", "ussr_attacked_near_mongolia",
    "mongolia_pact_triggered", "mongolia_pact_done", "us_entered_war", "india_ic_upgraded",
    "us_wartime_bonus_paid", "soviet_berlin_bonus_paid", "french_troop_bonus_paid",
    "nonaggression_over",
)


def has(state, bit):
    """True if the one-time fact `bit` is recorded in `state.history`."""
    return bool(state.history & bit)


def names(value):
    """The names of the facts set in a history int, in bit order."""
    out = []
    for i in range(len(NAMES)):
        if value & (1 << i):
            out.append(NAMES[i])
    return out
