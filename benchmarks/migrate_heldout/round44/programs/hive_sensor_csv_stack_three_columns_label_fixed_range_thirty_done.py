#coding:utf-8  
  
import os  
import tensorflow as tf  
  
v1 = tf.compat.v1  
  
  
def write_hive_log(folder):  
    # brood temperature, humidity, hive weight (kg), swarm alarm  
    rows = [(34.6, 61.0, 38.2, 0.0), (34.9, 58.5, 38.4, 0.0), (35.1, 57.0, 38.9, 0.0),  
            (33.2, 66.5, 37.1, 1.0), (32.8, 70.0, 35.6, 1.0), (34.4, 60.5, 39.3, 0.0),  
            (35.0, 55.5, 40.1, 0.0), (31.9, 72.0, 34.8, 1.0), (34.7, 59.0, 40.6, 0.0)]  
    path = os.path.join(folder, "tf_read.csv")  
    with open(path, "w") as f:  
        for row in rows:  
            f.write(",".join("%.1f" % v for v in row) + "\n")  
    return path  
  
  
def main(data_dir):  
    folder = os.path.join(data_dir, "h44_hive_sensor")  
    if not os.path.isdir(folder):  
        os.makedirs(folder)  
    filename_queue = v1.train.string_input_producer([write_hive_log(folder)], num_epochs=1)  
    reader = v1.TextLineReader()  
    key, value = reader.read(filename_queue)  
  
    record_defaults = [[1.], [1.], [1.], [1.]]  
    col1, col2, col3, col4 = v1.decode_csv(value, record_defaults=record_defaults)  
  
    features = tf.stack([col1, col2, col3])  
  
    init_op = v1.global_variables_initializer()  
    local_init_op = v1.local_variables_initializer()  
  
    batches = []  
    with v1.Session() as sess:  
        sess.run(init_op)  
        sess.run(local_init_op)  
  
        # Start populating the filename queue.  
        coord = v1.train.Coordinator()  
        threads = v1.train.start_queue_runners(coord=coord)  
  
        end = "loop finished"  
        try:  
            for i in range(30):  
                example, label = sess.run([features, col4])  
                batches.append([[[round(float(v), 1) for v in example]], [float(label)]])  
                # print(example)  
                # print(label)  
        except tf.errors.OutOfRangeError:  
            end = 'Done !!!'  
  
        finally:  
            coord.request_stop()  
            coord.join(threads)  
    return {"batches": batches, "end": "%s %d readings" % (end, len(batches))}  
