"""Unit record layout, unit kinds, ability bits and combat rule flags.

Every edition's `board_defs/<edition>/units.py` holds

  UNITS         tuple of unit records in the edition's canonical unit order
                (the order of the rulebook's unit table); a unit id is the index
  ALIASES       tuple of (alias, canonical name) pairs
  COMBAT_FLAGS  int, a bit set of the CF_* flags below: the edition's combat rules

A unit record is a tuple read with the named index constants:

  U_NAME        rulebook name in lower snake case ("infantry", "armor", "aaa")
  U_COST        IPC cost
  U_ATTACK      printed attack value (hits on a roll <= value; 0 = never rolls)
  U_DEFENSE     printed defense value (Classic/Revised AA guns: their printed 1,
                used only against aircraft before combat; see AB_AA)
  U_MOVE        printed move
  U_HITS        hits to destroy it (2 for two-hit ships; 0 for facilities,
                which never sit on the battle board)
  U_KIND        LAND, AIR, SEA or FACILITY
  U_ABILITIES   int, a bit set of the AB_* bits below
  U_MAX_DAMAGE  facilities in the 1940 games: the damage cap (20 major IC,
                6 minor IC / air base / naval base); 0 = no fixed cap (Classic
                and Revised ICs: the cap comes from the territory's income)

Values are the printed ones; support (artillery, tactical bomber pairing) and
technology are applied by the battle engine, never stored here.
"""

U_NAME = 0
U_COST = 1
U_ATTACK = 2
U_DEFENSE = 3
U_MOVE = 4
U_HITS = 5
U_KIND = 6
U_ABILITIES = 7
U_MAX_DAMAGE = 8

# Unit kinds
LAND = 0
AIR = 1
SEA = 2
FACILITY = 3

KIND_NAMES = ("land", "air", "sea", "facility")

# Ability bits (one consumer each, documented where it is read)
AB_CAPTURES = 1            # can capture / convert a territory (infantry, artillery, mech, tank)
AB_SUPPORTABLE = 2         # attacks +1 when paired one-for-one with artillery (infantry, mech)
AB_ARTILLERY = 4           # gives that support (artillery)
AB_AA = 8                  # antiaircraft: fires at attacking air before combat, never rolls in combat
AB_SUBMARINE = 16          # first strike / surprise strike, submerge, cannot hit air
AB_DESTROYER = 32          # cancels enemy submarines' special abilities
AB_TRANSPORT = 64          # carries land units; Classic/Revised: cannon fodder; 1940: defenseless
AB_CARRIER = 128           # carries fighters (1940: and tactical bombers)
AB_BOMBARD = 256           # may bombard in an amphibious assault (battleship; 1940: cruiser)
AB_TAC_BOMBER = 512        # attacks +1 when paired with a fighter or a tank (1940)
AB_PAIRS_TAC = 1024        # gives that pairing (fighter, tank)
AB_STRATEGIC = 2048        # may make a strategic bombing raid (bomber / strategic bomber)
AB_FIGHTER = 4096          # escort / interceptor; jet fighter tech; lands on carriers
AB_CARRIER_AIR = 8192      # may take off from / land on a carrier
AB_NEEDS_ESCORT = 16384    # cannot attack without a unit with an attack value (carrier 1940, transport)
AB_SURFACE_WARSHIP = 32768 # kamikaze target; blocks movement (battleship, carrier, cruiser, destroyer)
AB_BLITZ = 65536           # may blitz (tank; mech with a tank)
AB_IC = 131072             # industrial complex (any size)
AB_MINOR = 262144          # minor industrial complex (1940)
AB_AIR_BASE = 524288       # air base (scramble, +1 air move)
AB_NAVAL_BASE = 1048576    # naval base (repair, +1 sea move)
AB_TACTICAL_RAID = 2097152 # may make a tactical bombing raid on a base (tactical bomber)

# Combat rule flags of an edition (board_defs/<edition>/units.py COMBAT_FLAGS)
CF_AA_EACH_PLANE = 1          # Classic/Revised: one AA die per attacking plane (one gun fires per territory)
CF_AAA_THREE_SHOTS = 2        # 1940: each AAA up to 3 dice, each air unit shot at once at most
CF_AA_BY_TYPE = 4             # LHTR: dice at fighters and at bombers rolled apart, casualties by type
CF_SUB_ATTACK_FIRST_SHOT = 8  # Classic: only attacking subs fire first; defending subs fire normally
CF_SUB_OPENING_FIRE = 16      # LHTR: subs of both sides fire in opening fire every cycle
CF_SUB_SURPRISE = 32          # 1940: surprise strike or submerge before the general fire
CF_DESTROYER = 64             # destroyers exist and cancel enemy sub abilities
CF_SUB_WITHDRAW_AFTER_ROUND = 128  # Classic: subs may withdraw after each round (attacker first)
CF_SUB_SUBMERGE_AFTER_CYCLE = 256  # LHTR: subs may submerge in step 7 of each cycle
CF_SUB_SUBMERGE_BEFORE_FIRE = 512  # 1940: subs submerge instead of surprise strike
CF_TWO_HIT_BATTLESHIP = 1024  # battleships take two hits
CF_TWO_HIT_CARRIER = 2048     # carriers take two hits (1940)
CF_REPAIR_AFTER_BATTLE = 4096 # LHTR: a damaged battleship is repaired at the end of the combat
CF_TRANSPORT_DEFENSELESS = 8192  # 1940: transports never roll, chosen last, defenseless-transport rule
CF_AIR_NEEDS_DESTROYER = 16384   # 1940: air hits on subs only with a friendly destroyer
CF_ARTILLERY = 32768          # artillery supports infantry one-for-one (Revised, 1940)
CF_TAC_PAIRING = 65536        # tactical bomber at 4 with a fighter or tank (1940)
CF_BOMBARD_NO_REPLY = 131072  # units hit by bombardment die without firing back (LHTR)
CF_BOMBARD_PER_LAND_UNIT = 262144  # one bombarding ship per land unit offloaded (LHTR, 1940)
CF_BOMBARD_CRUISER = 524288   # cruisers bombard too (1940)
CF_KAMIKAZE = 1048576         # Japanese kamikaze tokens (1940)
CF_SCRAMBLE = 2097152         # scramble from air bases (1940)
CF_HEAVY_BEST_OF_TWO = 4194304  # LHTR: heavy bombers roll 2 dice and keep the better
CF_HEAVY_THREE_DICE = 8388608   # Classic: heavy bombers roll 3 dice
CF_CLASSIC_BOMBARD = 16777216  # Classic: battleship one shot only when no naval battle, hit units still fire
CF_AA_GUN_CARRIED = 33554432   # reserved: AA gun captured with its territory (Classic, Revised)
CF_TRANSPORT_FIRES = 67108864  # transports defend (Classic/Revised: defense 1)
CF_NA_FAQ_ORIGINAL = 134217728  # Revised: the FAQ's original national-advantage answers (LHTR-M-08)


def has(record, ability):
    """True if the unit record has the ability bit."""
    return (record[U_ABILITIES] & ability) != 0


def is_sea(record):
    return record[U_KIND] == SEA


def find(units, aliases, name):
    """Unit id for a canonical name or alias in one edition's tables, or -1."""
    name = name.strip().lower().replace(" ", "_").replace("-", "_")
    for i in range(len(units)):
        if units[i][U_NAME] == name:
            return i
    for pair in aliases:
        if pair[0] == name:
            for i in range(len(units)):
                if units[i][U_NAME] == pair[1]:
                    return i
    return -1
