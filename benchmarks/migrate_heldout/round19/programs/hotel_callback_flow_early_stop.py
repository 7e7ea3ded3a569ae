"""Hotel bookings: the session loop lives in `flow_lib.flow.tf_flow`, which calls this script's `process_once`
closure per step; the closure stops the flow early once enough cancellations were seen."""

import os

import tensorflow.compat.v1 as tf

from flow_lib import flow

ENOUGH_CANCELLATIONS = 5


def write_bookings(data_dir):
    out_dir = os.path.join(data_dir, "h19_hotel_callback_flow_early_stop")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "bookings.csv")
    with open(path, "w") as f:
        f.write("booking_id,nights,adults,adr,is_canceled\n")
        for i in range(26):
            f.write("%d,%d,%d,%.1f,%d\n" % (5000 + i, 1 + (i * 3) % 7, 1 + i % 3, 60.0 + (i * 17) % 90,
                                           int(i % 6 == 4)))
    return path


def booking_batch(path, batch_size):
    queue = tf.train.string_input_producer([path], num_epochs=2, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    booking_id, nights, adults, adr, canceled = tf.decode_csv(line, [[0], [0], [0], [0.0], [0]])
    revenue = tf.cast(nights, tf.float32) * adr
    return tf.train.batch([booking_id, revenue, adults, canceled], batch_size=batch_size)


def main(data_dir):
    ids, revenue, adults, canceled = booking_batch(write_bookings(data_dir), batch_size=4)
    batches = []
    seen = {"canceled": 0}

    def process_once(sess, step):
        ids_v, revenue_v, adults_v, canceled_v = sess.run([ids, revenue, adults, canceled])
        batches.append([ids_v.tolist(), [round(float(v), 1) for v in revenue_v], adults_v.tolist(),
                        canceled_v.tolist()])
        seen["canceled"] += int(canceled_v.sum())
        return seen["canceled"] >= ENOUGH_CANCELLATIONS

    steps = flow.tf_flow(process_once)
    return {"batches": batches, "end": {"steps": steps, "canceled": seen["canceled"]}}
