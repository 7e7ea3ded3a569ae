
# Distributed DDPG settings (LunarLanderContinuous)

ENV = "LunarLanderContinuous-v2"

STATE_SIZE = (4,)           # x, y, vx, vy of the lander (the telemetry logs keep four of the eight)
ACTION_SIZE = 2             # main engine, side engine

NB_ACTORS = 2

BATCH_SIZE = 4
MEMORY_SIZE = 40

TRAINING_STEPS = 1000

DISCOUNT = 0.99
ACTOR_LEARNING_RATE = 5e-4
CRITIC_LEARNING_RATE = 5e-4

# Where the actors' recorded descents are
DATA_DIR = None
