"""The host simulator: the unchanged firmware on a PC, hardware emulated.

See README.md. Entry points: `python -m host_sim` (interactive, headless
with --script, kiosk with --kiosk) and `python -m host_sim.goldens`.
"""
