"""`from tensorflow.compat import v1`, an inline FixedLengthRecordReader, shuffle_batch over three threads."""

from tensorflow.compat import v1


def main(data_dir):
    files = [data_dir + "/fixed-%d.bin" % i for i in range(3)]
    queue = v1.train.string_input_producer(files, num_epochs=2, shuffle=True, seed=5)
    _, raw = v1.FixedLengthRecordReader(record_bytes=8, header_bytes=4).read(queue)
    pair = v1.decode_raw(raw, v1.int32)
    pair.set_shape([2])
    first, second = pair[0], pair[1]
    firsts, seconds = v1.train.shuffle_batch([first, second], batch_size=7, capacity=40, min_after_dequeue=10,
                                             num_threads=3, allow_smaller_final_batch=True)
    out = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([firsts, seconds])
                out.append([a.tolist(), b.tolist()])
        except v1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
