# Held-out round 71 stand-in for the model module of Paolo Galeone's PGNet (only the input constants the
# input module reads).
INPUT_SIDE = 4
INPUT_DEPTH = 3
