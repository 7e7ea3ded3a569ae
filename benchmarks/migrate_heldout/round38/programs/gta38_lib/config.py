# -*- coding: utf-8 -*-
# Shared constants for the traffic-flow model (read with `from gta38_lib.config import *`).
INPUT_SIZE = 2          # stations per sample
PERIODS = 6             # month(2) + week(2) + current(2) readings per station
DATE_SIZE = 5           # year, month, day, weekday, slot
RECORD_NAME = 'flow_val.tfrecords'
VAL_SAMPLE_NUMS = 10
VAL_BATCH_SIZE = 4
FLOW_MIN, FLOW_MAX = 0.0, 400.0
