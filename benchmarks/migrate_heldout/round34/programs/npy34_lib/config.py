"""Settings of the volume loader (a stand-in for a YAML-backed get())."""
_SETTINGS = {
    "DATA.IMAGES": "vol_",
    "DATA.LABELS": "lab_",
    "DATA.BATCH": 3,
}


def get(key):
    return _SETTINGS[key]
