#!/usr/bin/env python3
"""Reads the refinery's pan-boiling log (one CSV per shift)."""
import glob
import os

import tensorflow as tf

from .flags import *

int_flag("batch_size", 3, """Number of pan readings per batch.""")
string_flag("data_dir", "/tmp/refinery", """Directory holding the shift CSVs.""")

RECORD_DEFAULTS = [[""], [0.0], [0.0], [0]]


def read_reading(filename_queue):
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    pan, brix, pol, shift = tf.compat.v1.decode_csv(line, record_defaults=RECORD_DEFAULTS)
    purity = 100.0 * pol / brix
    return pan, brix, purity, shift


def inputs(num_epochs=None):
    filenames = sorted(glob.glob(os.path.join(FLAGS.data_dir, "shift_*.csv")))
    filename_queue = tf.compat.v1.train.string_input_producer(
        filenames, num_epochs=num_epochs, shuffle=False)
    pan, brix, purity, shift = read_reading(filename_queue)
    return tf.compat.v1.train.batch(
        [pan, brix, purity, shift], batch_size=FLAGS.batch_size, num_threads=1,
        allow_smaller_final_batch=True)
