from .audio_reader import AudioReader  # noqa: F401
from .ops import mu_law_encode  # noqa: F401
