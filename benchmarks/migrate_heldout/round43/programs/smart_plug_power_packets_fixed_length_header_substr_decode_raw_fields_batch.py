"""Smart-plug power packets logged by a home gateway: one binary log per plug, an 8-byte magic
header then 12-byte little-endian packets (uint16 device id, uint8 relay state, uint8 flags,
float32 watts, float32 kWh). The fields are cut from each record with `substr` and decoded one by
one with `decode_raw`; packets are batched in log order."""
import os
import struct
from collections import namedtuple

import numpy as np
import tensorflow as tf

PacketFormat = namedtuple('PacketFormat', ['header', 'layout', 'record_bytes'])
FORMAT = PacketFormat(header=b'PLUGLOG1', layout='<HBBff', record_bytes=struct.calcsize('<HBBff'))


def write_logs(folder):
    rng = np.random.RandomState(77)
    paths = []
    for plug, n in [(21, 5), (22, 4)]:
        path = os.path.join(folder, 'plug_%d.bin' % plug)
        energy = 0.0
        with open(path, 'wb') as f:
            f.write(FORMAT.header)
            for k in range(n):
                watts = 0.0 if rng.rand() < 0.25 else float(rng.choice([rng.uniform(0.5, 4.5), rng.uniform(20, 1800)]))
                energy += watts / 1000.0 * 0.25
                f.write(struct.pack(FORMAT.layout, plug, 1 if watts > 0 else 0, rng.randint(0, 4),
                                    watts, energy))
        paths.append(path)
    return paths


def read_packet(filename_queue):
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=FORMAT.record_bytes,
                                                  header_bytes=len(FORMAT.header))
    key, record = reader.read(filename_queue)
    device = tf.compat.v1.decode_raw(tf.compat.v1.substr(record, 0, 2), tf.uint16)
    relay = tf.compat.v1.decode_raw(tf.compat.v1.substr(record, 2, 1), tf.uint8)
    watts = tf.compat.v1.decode_raw(tf.compat.v1.substr(record, 4, 4), tf.float32)
    kwh = tf.compat.v1.decode_raw(tf.compat.v1.substr(record, 8, 4), tf.float32)
    device = tf.reshape(tf.cast(device, tf.int32), [])
    relay = tf.reshape(tf.cast(relay, tf.int32), [])
    watts = tf.reshape(watts, [])
    kwh = tf.reshape(kwh, [])
    return key, device, relay, watts, kwh


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_smart_plugs')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    paths = write_logs(folder)

    filename_queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    key, device, relay, watts, kwh = read_packet(filename_queue)
    standby = tf.logical_and(tf.equal(relay, 1), tf.less(watts, 5.0))
    batch = tf.compat.v1.train.batch([key, device, relay, watts, kwh, standby], batch_size=4,
                                     allow_smaller_final_batch=True)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                k, d, r, w, e, s = sess.run(batch)
                batches.append([[os.path.basename(x.decode()) for x in k], d.tolist(), r.tolist(),
                                np.round(w.astype(np.float64), 3).tolist(),
                                np.round(e.astype(np.float64), 4).tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "packets: %d" % sum(len(b[1]) for b in batches)}
