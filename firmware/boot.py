"""CircuitPython boot.py: who may write the CIRCUITPY drive.

Normally the firmware owns it, so it can save after every action (the computer
then sees the drive read-only). Hold the back button while the board starts to
leave it writable from the computer instead (to copy a new firmware); the game
then runs without saves and says so on the dashboard.
"""
import storage

held = False
try:
    import time
    from firmware import hardware
    profile = hardware.select()
    keys = profile.init_keys()
    time.sleep(0.1)  # boot.py only: let keypad scan the buttons once
    ev = keys.events.get()
    while ev is not None:
        for number, name in profile.KEYMAP:
            if name == "back" and number == ev.key_number and ev.pressed:
                held = True
        ev = keys.events.get()
    keys.deinit()
except Exception:  # no profile for this board: the firmware owns the drive
    held = False

if not held:
    storage.remount("/", readonly=False)
