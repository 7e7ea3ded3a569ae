# ===================================================================================== #
# coding:utf-8
"""module, service for network as a batch input. creating a queue-based input pipeline.
define the core method batch_input, and also can do module testing

tensorflow ==1.x

Note:
    at module testing, we using user request stop to stop the coord-threads.
    coord.join(threads): hang on, and waiting to stop,
                        (the threads will stop after the coord-threads stop)
    tf.local_variables_initializer() is needed, and must before the cooord= and threads=
"""
# ===================================================================================== #
import tensorflow as tf

FEATURES = {
    'sample/farm': tf.io.FixedLenFeature([], tf.string),
    'sample/fat': tf.io.FixedLenFeature([], tf.float32),
    'sample/protein': tf.io.FixedLenFeature([], tf.float32),
    'sample/scc': tf.io.FixedLenFeature([], tf.int64),
}


def _parse(serialized):
    parsed = tf.io.parse_single_example(serialized, FEATURES)
    ratio = parsed['sample/fat'] / parsed['sample/protein']
    return parsed['sample/farm'], tf.stack([parsed['sample/fat'], parsed['sample/protein']]), \
        parsed['sample/scc'], ratio


def batch_input(tfrecord_list, batch_size=4, num_epochs=1):
    """ the core method: a batch of (farm, [fat, protein], scc, ratio) """
    file_queue = tf.compat.v1.train.string_input_producer(tfrecord_list, num_epochs=num_epochs, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(file_queue)
    farm, comp, scc, ratio = _parse(serialized)
    return tf.compat.v1.train.batch([farm, comp, scc, ratio], batch_size=batch_size, num_threads=1,
                                    capacity=batch_size * 3, allow_smaller_final_batch=True)


def run_module_test(tfrecord_list, max_step=100):
    """module testing: returns what was read, stops the coordinator by the user's request"""
    farm, comp, scc, ratio = batch_input(tfrecord_list)
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while step < max_step:
                out.append(sess.run([farm, comp, scc, ratio]))
                step += 1
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()  # user request stop
        coord.join(threads)
    return out


if __name__ == '__main__':
    import sys
    print(len(run_module_test(sys.argv[1:])))
