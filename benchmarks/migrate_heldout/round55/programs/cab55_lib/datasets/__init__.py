from . import CabinLog
