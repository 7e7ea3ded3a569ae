# -*- coding: utf-8 -*-
"""
热气球飞行遥测：取一批评估数据看看
"""
#放在 bal50_lib 目录下
from bal50_lib import balloon_input
import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf

#取数据
batch_size = 4


def write_flight(data_dir):
    if not os.path.exists(data_dir):
        os.makedirs(data_dir)
    rng = np.random.RandomState(5015)
    with open(os.path.join(data_dir, 'test_flight.bin'), 'wb') as f:
        for k in range(balloon_input.NUM_EXAMPLES_PER_EPOCH_FOR_EVAL):
            burner = k % 2
            readings = [int(rng.randint(0, 9000)) for _ in range(balloon_input.NUM_READINGS)]
            f.write(struct.pack('>B6H', burner, *readings))


def main(data_dir):
    flight_dir = os.path.join(data_dir, 'h50_balloon_telemetry')
    write_flight(flight_dir)
    readings_test, labels_test = balloon_input.inputs(eval_data = True, data_dir = flight_dir, batch_size = batch_size)

    with tf.Session() as sess:
        tf.global_variables_initializer().run()

        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)

        readings_batch, label_batch = sess.run([readings_test, labels_test])
        print("__\n", readings_batch[0])

        print("__\n", label_batch[0])
        coord.request_stop()
    return {"batches": [[readings_batch.tolist(), label_batch.tolist()]], "end": "telemetry rows: %d" % len(label_batch)}
