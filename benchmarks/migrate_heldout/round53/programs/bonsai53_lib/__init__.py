from bonsai53_lib.reader import WateringLogReader  # noqa: F401
