"""The human side of the command line (host only): "3 inf 2 art 1 tank vs 4 inf 1 aaa" in,
a short summary of odds and a battle transcript out. The JSON forms stay the commands' own.
"""
from engine_core.errors import InputError

_SEPARATORS = (" versus ", " vs. ", " vs ", " v ")


def _side_words(text, field):
    """'3 inf, 2 art + 1 tank' -> [("inf", 3), ("art", 2), ("tank", 1)]; a name without a
    count is one unit; '3x inf', 'inf x3', '3inf' are read too."""
    words = text.replace(",", " ").replace("+", " ").replace(";", " ").split()
    out = []
    count = None
    name = []

    def close():
        if name:
            out.append(("_".join(name), 1 if count is None else count))
        elif count is not None:
            raise InputError("%s: the count %d names no unit" % (field, count))

    for w in words:
        lw = w.lower()
        if lw in ("and", "&"):
            continue
        if lw.endswith("x") and lw[:-1].isdigit():
            lw = lw[:-1]
        elif lw.startswith("x") and lw[1:].isdigit() and name:
            # "inf x3": the count after its name
            out.append(("_".join(name), int(lw[1:])))
            name = []
            count = None
            continue
        digits = 0
        while digits < len(lw) and lw[digits].isdigit():
            digits += 1
        if digits:
            close()
            if digits > 9:
                raise InputError("%s: the count %s is too large" % (field, w[:12]))
            count = int(lw[:digits])
            name = [lw[digits:]] if digits < len(lw) else []
        else:
            if lw.startswith("-"):
                raise InputError("%s: '%s' is not a count or a unit name" % (field, w))
            if name and not _continues(name, lw):
                close()
                name = []
                count = None
            name.append(lw)
    close()
    return out


def _continues(name, word):
    # multi-word unit names: "strategic bomber", "aircraft carrier", "mechanized infantry",
    # "tactical bomber", "anti aircraft gun", "major industrial complex"
    return name[-1] in ("strategic", "aircraft", "mechanized", "mech", "tactical", "anti",
                        "antiaircraft", "aa", "major", "minor", "industrial", "air", "naval") \
        and word in ("bomber", "bombers", "carrier", "carriers", "infantry", "aircraft", "gun",
                     "guns", "industrial", "complex", "complexes", "base", "bases")


def looks_like_battle(arg):
    """True for '3 inf vs 2 inf' (a battle typed on the command line), not a file name."""
    low = " " + " ".join(arg.lower().split()) + " "
    for sep in _SEPARATORS:
        if sep in low:
            return True
    return False


def parse_battle(text):
    """'3 inf 2 art 1 tank vs 4 inf 1 aaa' -> ({"inf": 3, ...}, {"inf": 4, "aaa": 1}) with the
    names as typed (the caller resolves them against the edition)."""
    if not isinstance(text, str):
        raise InputError("the battle is text: '3 inf 2 art vs 4 inf'")
    low = " " + " ".join(text.lower().split()) + " "
    where = -1
    for sep in _SEPARATORS:
        where = low.find(sep)
        if where >= 0:
            break
    if where < 0:
        raise InputError("the battle needs 'vs' between the sides: '3 inf 2 art vs 4 inf 1 aaa'")
    a_text, d_text = low[:where], low[where + len(sep):]
    for s in _SEPARATORS:
        if s in " " + d_text:
            raise InputError("the battle has one 'vs' (attacker vs defender)")
    sides = []
    for side, t in (("attacker", a_text), ("defender", d_text)):
        d = {}
        if t.strip() in ("nothing", "none", "empty", "no units"):
            t = ""
        for name, c in _side_words(t, side):
            d[name] = d.get(name, 0) + c
        sides.append(d)
    return sides[0], sides[1]


def parse_units(text, field):
    """'1 bb, 2 inf' (the value of --defender-damaged, --attacker-cargo, ...) -> {"bb": 1,
    "inf": 2} with the names as typed; refused with the option's name."""
    if not isinstance(text, str):
        raise InputError("%s takes units as text: '2 inf'" % field)
    low = " ".join(text.lower().split())
    for sep in _SEPARATORS:
        if sep in " " + low + " ":
            raise InputError("%s lists one side's units ('2 inf'), without 'vs'" % field)
    d = {}
    if low in ("nothing", "none", "empty", "no units"):
        return d
    for name, c in _side_words(low, field):
        d[name] = d.get(name, 0) + c
    return d


def start_text(start):
    """The battle's starting state a spec gave ({"damaged": {side: units}, "cargo": {side:
    units}}) as lines: '  defender: 1 aircraft carrier damaged; cargo 2 fighter'."""
    lines = []
    for side in ("attacker", "defender"):
        parts = []
        dmg = start.get("damaged", {}).get(side)
        if dmg:
            parts.append("%s damaged" % units_text(dmg))
        cargo = start.get("cargo", {}).get(side)
        if cargo:
            parts.append("cargo %s (lost with its ship)" % units_text(cargo))
        if parts:
            lines.append("  %s: %s" % (side, "; ".join(parts)))
    return (["Before the battle:"] + lines) if lines else []


# ---- odds summary --------------------------------------------------------------------------
def _pct(x):
    return "%5.1f%%" % (100.0 * x)


def units_text(units, order=None):
    """{"infantry": 2, "tank": 1} -> '2 infantry, 1 tank' (in `order` if given), 'nothing'."""
    names = [n for n in (order or ()) if units.get(n)]
    names += sorted(n for n in units if units[n] and n not in names)
    if not names:
        return "nothing"
    return ", ".join("%d %s" % (units[n], n.replace("_", " ")) for n in names)


def odds_summary(out, edition_title, kind, attacker, defender, start=None):
    """The lines a player reads: who wins how often, IPC swing, likeliest survivors, rounds;
    `start` ({"damaged": {side: units}, "cargo": ...}) the ships damaged and cargo at the start."""
    a_order = list(attacker)
    d_order = list(defender)
    lines = ["%s, %s battle: %s  vs  %s  (%s)" % (
        edition_title, kind, units_text(attacker, a_order), units_text(defender, d_order),
        "exact" if out.get("method") == "exact" else "Monte Carlo, %d runs" % out.get("runs", 0))]
    lines += start_text(start or {})
    se = out.get("method") != "exact"

    def row(label, key, extra=""):
        v = out.get(key, 0.0)
        err = ""
        if se and (key + "_se") in out:
            err = " +/- %.1f (2 s.e.)" % (100.0 * 2 * out[key + "_se"])
        lines.append("  %-22s %s%s%s" % (label, _pct(v), err, extra))

    row("attacker wins", "attacker_wins")
    if "attacker_captures" in out and kind != "sea":
        lines.append("  %-22s %s" % ("  of which captures", _pct(out["attacker_captures"])))
    row("draw (no side wins)", "draw")     # both destroyed, or neither can hit the other
    row("defender wins", "defender_wins")
    if out.get("attacker_retreats"):
        row("attacker retreats", "attacker_retreats")
    swing = out.get("ipc_swing", 0.0)
    lines.append("  expected IPC swing     %+.1f for the %s (attacker loses %.1f IPC, defender %.1f)" % (
        abs(swing), "attacker" if swing >= 0 else "defender", out.get("attacker_ipc_lost", 0.0),
        out.get("defender_ipc_lost", 0.0)))
    if "expected_rounds" in out:
        lines.append("  expected rounds        %.2f" % out["expected_rounds"])
    for side, order in (("attacker", a_order), ("defender", d_order)):
        rows = out.get(side + "_remaining")
        if rows:
            best = rows[:3]
            lines.append("  likeliest %s left: %s" % (side, "; ".join(
                "%s (%s)" % (units_text(r["units"], order), _pct(r["probability"]).strip())
                for r in best)))
        elif out.get(side + "_survivors"):
            lines.append("  %s survivors on average: %s" % (side, ", ".join(
                "%.1f %s" % (out[side + "_survivors"][n], n.replace("_", " "))
                for n in order if out[side + "_survivors"].get(n))))
        cargo = out.get(side + "_cargo")
        if cargo:
            lines.append("  %s cargo left on average: %s" % (side, ", ".join(
                "%.2f %s" % (cargo[n], n.replace("_", " ")) for n in sorted(cargo))))
    return lines


# ---- battle transcript ---------------------------------------------------------------------
def _dice(ds):
    return ",".join(str(x) for x in ds)


def battle_transcript(out, warnings=()):
    """The battle's JSON output (engine_core.host.battle_cli.run_spec) as lines of text:
    'Round 1: attacker rolls 3,6,1 at 1 ... hits 2; defender loses 2 infantry'."""
    lines = []
    for w in warnings:
        lines.append("warning: " + w)
    lines += start_text(out.get("start", {}))
    cur = None          # the line being built for a firing step
    shown = None        # (side, step) of a roll line its casualties already closed

    def flush():
        if cur is not None:
            lines.append(cur[0] + cur[1])     # cur[2] is the (side, step) key, not text

    for e in out["log"]:
        k = e["event"]
        if k == "round":
            flush()
            cur = None
            lines.append("Round %d:" % e["round"])
        elif k == "roll":
            if cur is None or cur[2] != (e["side"], e["step"]):
                flush()
                cur = ["  %s %s: rolls" % (e["side"], e["step"].replace("_", " ")), "", (e["side"], e["step"])]
            cur[1] += ("; " if cur[1] else " ") + "%s at %d" % (_dice(e["dice"]), e["value"])
        elif k == "hits":
            if cur is None and shown == (e["side"], e["step"]):
                shown = None      # an AA step removes its hits at once: its losses are listed
                continue
            if cur is None:
                cur = ["  %s %s:" % (e["side"], e["step"].replace("_", " ")), "", (e["side"], e["step"])]
            lines.append(cur[0] + cur[1] + " ... hits %d" % e["hits"])
            cur = None
        elif k in ("casualty", "damage"):
            flush()
            if cur is not None:
                shown = cur[2]
            cur = None
            what = "loses" if k == "casualty" else "takes damage on"
            lines.append("    %s %s %d %s" % (e["side"], what, e["count"], e["unit"].replace("_", " ")))
        elif k == "aa":
            lines.append("  %s anti-aircraft fire: %s" % (e["side"], e["dice"]))
        elif k == "submerge":
            lines.append("  %s submerges %d submarine(s)" % (e["side"], e["count"]))
        elif k == "retreat":
            lines.append("  %s retreats%s" % (e["side"], " to %s" % e["to"] if e.get("to") else ""))
        elif k == "bombard":
            lines.append("  bombardment by %d %s" % (e["count"], e["unit"].replace("_", " ")))
        elif k == "kamikaze":
            lines.append("  kamikaze: %d strike(s) at %s" % (e["strikes"], ", ".join(e["targets"])))
        elif k == "scramble":
            lines.append("  scrambled: %d %s" % (e["count"], e["unit"].replace("_", " ")))
        elif k == "transports_lost":
            lines.append("  %s loses %d defenceless transport(s)" % (e["side"], e["count"]))
    flush()
    r = out["result"]
    outcome = r["outcome"].replace("_", " ")
    lines.append("Result: %s after %d round%s%s" % (
        outcome, r["rounds"], "" if r["rounds"] == 1 else "s",
        ", territory captured" if r.get("captured") else ""))
    for side in ("attacker", "defender"):
        hurt = r.get("damaged", {}).get(side)
        lines.append("  %s: lost %s; left %s%s; IPC lost %d" % (
            side, units_text(r["lost"][side]), units_text(r["survivors"][side]),
            " (damaged: %s)" % units_text(hurt) if hurt else "", r["ipc_lost"][side]))
    if r.get("retreated"):
        lines.append("  retreated: %s" % units_text(r["retreated"]))
    if out.get("start", {}).get("cargo"):
        lines.append("  cargo left aboard: attacker %s; defender %s" % (
            units_text(r["cargo"]["attacker"]), units_text(r["cargo"]["defender"])))
    return lines
