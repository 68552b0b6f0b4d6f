"""Device settings: dice source, LED brightness, sound. Saved in their own slots.

dice        "device" (the engine's seeded dice) or "physical" (players roll and
            enter hits per battle-board column)
brightness  0 .. 10 (tenths of the profile's MAX_BRIGHTNESS)
sound       True / False
"""

import json

DICE_MODES = ("device", "physical")


class Settings:
    def __init__(self):
        self.dice = "device"
        self.brightness = 5
        self.sound = False

    def to_bytes(self):
        return json.dumps({"dice": self.dice, "brightness": self.brightness, "sound": self.sound}).encode()

    @classmethod
    def from_bytes(cls, data):
        s = cls()
        if not data:
            return s
        try:
            d = json.loads(data.decode() if not isinstance(data, str) else data)
        except ValueError:
            return s
        if d.get("dice") in DICE_MODES:
            s.dice = d["dice"]
        b = d.get("brightness")
        if isinstance(b, int) and 0 <= b <= 10:
            s.brightness = b
        s.sound = d.get("sound") is True
        return s

    def level(self):
        """Tower brightness 0.0 .. 1.0 (the profile caps the strip itself)."""
        return self.brightness / 10
