"""Settings as module constants, read by the input module through its module (``settings.USE_STATE``)."""

USE_STATE = False
SEQUENCE_LENGTH = 2
