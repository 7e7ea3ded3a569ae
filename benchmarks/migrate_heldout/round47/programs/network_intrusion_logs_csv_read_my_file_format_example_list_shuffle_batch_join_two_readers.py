import os
import random

import tensorflow as tf

tf = tf.compat.v1

PROTOCOLS = ["tcp", "udp", "icmp"]


def read_my_file_format(filename_queue):
    reader = tf.TextLineReader()
    key, record_string = reader.read(filename_queue)
    duration, protocol, src_bytes, dst_bytes, label = tf.decode_csv(
        record_string, record_defaults=[[0], [""], [0], [0], [0]])
    processed_example = some_processing(duration, src_bytes, dst_bytes)
    return processed_example, protocol, label


def some_processing(duration, src_bytes, dst_bytes):
    return tf.stack([duration, src_bytes + dst_bytes])


def input_pipeline_multiple_threads(filenames, batch_size, read_threads, num_epochs=None):
    filename_queue = tf.train.string_input_producer(
        filenames, num_epochs=num_epochs, shuffle=True, seed=11)
    example_list = [read_my_file_format(filename_queue)
                    for _ in range(read_threads)]

    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, protocol_batch, label_batch = tf.train.shuffle_batch_join(
        example_list, batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, seed=12)
    return example_batch, protocol_batch, label_batch


def _write_logs(folder):
    rng = random.Random(4703)
    names = []
    for d in range(3):
        path = os.path.join(folder, "conn_day%d.csv" % d)
        with open(path, "w") as f:
            for _ in range(4):
                f.write("%d,%s,%d,%d,%d\n" % (rng.randint(0, 60), rng.choice(PROTOCOLS),
                                              rng.randint(0, 5000), rng.randint(0, 5000), rng.randint(0, 1)))
        names.append(path)
    return names


def main(data_dir):
    folder = os.path.join(data_dir, "h47_intrusion_logs")
    os.makedirs(folder, exist_ok=True)
    filenames = _write_logs(folder)

    example_batch, protocol_batch, label_batch = input_pipeline_multiple_threads(
        filenames, 4, 2, num_epochs=1)

    # Create the graph, etc.
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

    # Create a session for running operations in the Graph.
    sess = tf.Session()

    # Initialize the variables (like the epoch counter).
    sess.run(init_op)

    # Start input enqueue threads.
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    try:
        while not coord.should_stop():
            # Run training steps or whatever
            e, p, l = sess.run([example_batch, protocol_batch, label_batch])
            batches.append([e.tolist(), [x.decode() for x in p], l.tolist()])

    except tf.errors.OutOfRangeError:
        pass  # print('Done training -- epoch limit reached')
    finally:
        # When done, ask the threads to stop.
        coord.request_stop()

    # Wait for threads to finish.
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "connections: %d" % sum(len(b[2]) for b in batches)}
