"""`shuffle_batch_join` over several readers of one filename queue (the Inception / slim parallel-reader shape:
`num_readers` readers appended in a loop), each contributing a dict, for two epochs, allowing a smaller last batch;
read in a loop until OutOfRange."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from tensorflow.compat.v1 import train  # noqa: E402
import tensorflow.compat.v1 as tf  # noqa: E402

from readers_lib.records import read_record  # noqa: E402


def distorted_inputs(data_dir, batch_size=10, num_readers=3, num_epochs=2):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (0, 2)]
    filename_queue = train.string_input_producer(files, num_epochs=num_epochs, shuffle=True, seed=3)
    examples = []
    for i in range(num_readers):
        record = read_record(filename_queue, name="reader_%d" % i)
        examples.append({"x": record.x * 2.0, "label": record.label})
    min_after_dequeue = 3 * batch_size
    return train.shuffle_batch_join(examples, batch_size=batch_size,
                                    capacity=min_after_dequeue + 3 * batch_size,
                                    min_after_dequeue=min_after_dequeue, seed=5,
                                    allow_smaller_final_batch=True)


def main(data_dir):
    batch = distorted_inputs(data_dir, batch_size=8)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                value = sess.run(batch)
                batches.append({"x": value["x"].tolist(), "label": value["label"].tolist()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
