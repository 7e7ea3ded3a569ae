"""The starter returns `[t]`; the program joins each thread in a loop (`for t in threads: t.join()`)."""
import tensorflow.compat.v1 as tf


from handle_lib.list_of_one_joined_in_a_loop import ListFeeder


def main(data_dir):
    feeder = ListFeeder(list(range(7)))
    batch = feeder.dequeue(2)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = feeder.start_threads(sess)
    batches, end = [], None
    try:
        while True:
            batches.append(sess.run(batch).tolist())
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": end}
