"""A top-level factory of the module (``v1`` spelling, the type by its enum) handed to a helper of the same module."""
import os

from tensorflow.compat import v1 as v1

from g4_lib.shards import write_shards


def zlib_reader():
    return v1.TFRecordReader(options=v1.python_io.TFRecordOptions(v1.python_io.TFRecordCompressionType.ZLIB))


def records(files, reader_cls, epochs):
    queue = v1.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
    _, value = reader_cls().read(queue)
    got = v1.parse_single_example(value, {"idx": v1.FixedLenFeature([], v1.int64)})
    return v1.train.batch([got["idx"] * 2], batch_size=4)


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "g4_own"), "ZLIB", per_shard=3)
    doubled = records(files, zlib_reader, 2)
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess, coord)
        try:
            while True:
                batches.append(sess.run(doubled).tolist())
        except v1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
