# Hotel bookings: read the booking export line by line and keep only the stays that were not cancelled.
# The filter is done by the queue itself (tf.train.maybe_batch with keep_input), as in the API docs of TF 1.x.
import os
import random

import tensorflow.compat.v1 as tf

BATCH_SIZE = 4
CSV_HEADER = "booking_id,hotel,nights,adr,is_canceled"
RECORD_DEFAULTS = [[0], [""], [0], [0.0], [0]]


def write_bookings(folder):
    rng = random.Random(4801)
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, "bookings.csv")
    with open(path, "w") as f:
        f.write(CSV_HEADER + "\n")
        canceled_rows = {3, 9}
        for i in range(14):
            hotel = rng.choice(["Resort Hotel", "City Hotel"])
            nights = rng.randint(1, 7)
            adr = round(rng.uniform(60.0, 240.0), 2)
            f.write("%d,%s,%d,%.2f,%d\n" % (1000 + i, hotel, nights, adr, 1 if i in canceled_rows else 0))
    return path


def read_booking(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    booking_id, hotel, nights, adr, is_canceled = tf.decode_csv(line, record_defaults=RECORD_DEFAULTS)
    revenue = tf.cast(nights, tf.float32) * adr
    return booking_id, hotel, nights, revenue, is_canceled


def main(data_dir):
    path = write_bookings(os.path.join(data_dir, "h48_hotel_bookings"))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    booking_id, hotel, nights, revenue, is_canceled = read_booking(filename_queue)
    keep = tf.equal(is_canceled, 0)
    ids, hotels, nights_b, revenue_b = tf.train.maybe_batch(
        [booking_id, hotel, nights, revenue], keep_input=keep, batch_size=BATCH_SIZE,
        num_threads=1, capacity=16, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                b_ids, b_hotels, b_nights, b_rev = sess.run([ids, hotels, nights_b, revenue_b])
                batches.append([b_ids.tolist(), [h.decode() for h in b_hotels], b_nights.tolist(),
                                [round(float(r), 3) for r in b_rev]])
        except tf.errors.OutOfRangeError:
            print("Done -- no more bookings")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "stays kept: %d" % sum(len(b[0]) for b in batches)}
