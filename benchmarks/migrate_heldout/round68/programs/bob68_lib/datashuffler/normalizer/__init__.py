from .ScaleFactor import ScaleFactor
from .Linear import Linear
