"""A CSV input pipeline built in one graph, exported as a MetaGraphDef, imported into a fresh graph by
import_meta_graph (its QUEUE_RUNNERS and local variables come back with it) and read by tensor names."""
import os

import tensorflow.compat.v1 as tf


def write_data(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for part in range(2):
        path = os.path.join(root, 'scada_%d.csv' % part)
        with open(path, 'w') as f:
            f.write('turbine,wind,power\n')
            for i in range(6):
                n = part * 6 + i
                f.write('T%02d,%.1f,%d\n' % (n % 3, 3.0 + n * 0.5, 100 * n))
        paths.append(path)
    return paths


def build_input_graph(files, batch_size):
    graph = tf.Graph()
    with graph.as_default():
        filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False, name='files')
        reader = tf.TextLineReader(skip_header_lines=1, name='scada_reader')
        _, line = reader.read(filename_queue)
        turbine, wind, power = tf.decode_csv(line, [[''], [0.0], [0]], name='decode')
        turbine_b, wind_b, power_b = tf.train.batch([turbine, wind, power], batch_size=batch_size,
                                                    name='input_batch')
        for t in (turbine_b, wind_b, power_b):
            tf.add_to_collection('input_tensors', t)
        meta_graph_def = tf.train.export_meta_graph(graph=graph)
    return meta_graph_def


def main(data_dir):
    files = write_data(os.path.join(data_dir, 'h25_turbines_meta_graph_import_queue_runners'))
    meta_graph_def = build_input_graph(files, batch_size=4)

    graph = tf.Graph()
    with graph.as_default():
        tf.train.import_meta_graph(meta_graph_def)
        turbine_b, wind_b, power_b = tf.get_collection('input_tensors')
        ratio = power_b / tf.cast(graph.get_tensor_by_name('input_batch:1') * 10.0, tf.int32)
        init_local = tf.local_variables_initializer()

    batches, end = [], None
    with tf.Session(graph=graph) as sess:
        sess.run(init_local)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, w, p, r = sess.run([turbine_b, wind_b, power_b, ratio])
                batches.append([[x.decode() for x in t], w.tolist(), p.tolist(), r.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
