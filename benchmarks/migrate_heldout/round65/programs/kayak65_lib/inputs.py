# -*- coding: utf-8 -*-
"""Gate-run readers: one function per split, both over csv runs."""
import tensorflow.compat.v1 as tf

RECORD_DEFAULTS = [[0], [0.0], [0.0], [0]]


def gate_runs(filenames, batch_size, num_epochs=1):
    queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False, name="runs_queue")
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    run_id, gate_time, paddle_rate, touches = tf.decode_csv(line, record_defaults=RECORD_DEFAULTS)
    # seconds -> tenths, two-second penalty per touch
    penalised = gate_time + 2.0 * tf.cast(touches, tf.float32)
    features = tf.stack([penalised / 10.0, paddle_rate / 60.0])
    return tf.train.batch([run_id, features], batch_size=batch_size, num_threads=1, capacity=16)
