#!/usr/bin/env python3
"""Writes ShopV1toV2.xcmappingmodel/xcmapping.xml: a minimal mapping model in the
format Xcode saves (a Core Data XML store of XDDEV* objects whose value expressions
are NSKeyedArchiver archives of NSExpression), laid out as in public apps' files
(woocommerce/woocommerce-ios Storage/Storage/Model/WooCommerceModelV9toV10.xcmappingmodel,
olvid-io/olvid-ios Migration/*/ObvMessengerMappingModel_*.xcmappingmodel). Written
here, not copied: run it to regenerate."""
import base64, plistlib, os

def archive(objects):
    data = plistlib.dumps({'$version': 100000, '$archiver': 'NSKeyedArchiver',
                           '$top': {'root': plistlib.UID(1)}, '$objects': objects},
                          fmt=plistlib.FMT_BINARY)
    text = base64.b64encode(data).decode()
    return '\n'.join(text[i:i + 76] for i in range(0, len(text), 76))

def cls(name, *supers):
    return {'$classname': name, '$classes': [name, *supers, 'NSExpression', 'NSObject']}

def source_key_path(path):
    # $source.<path>: NSKeyPathExpression(valueForKeyPath:) on NSVariableExpression.
    return archive(['$null',
        {'$class': plistlib.UID(11), 'NSArguments': plistlib.UID(6), 'NSExpressionType': 4,
         'NSOperand': plistlib.UID(3), 'NSSelectorName': plistlib.UID(2)},
        'valueForKeyPath:',
        {'$class': plistlib.UID(5), 'NSExpressionType': 2, 'NSVariable': plistlib.UID(4)},
        'source', cls('NSVariableExpression'),
        {'$class': plistlib.UID(10), 'NS.objects': [plistlib.UID(7)]},
        {'$class': plistlib.UID(9), 'NSExpressionType': 10, 'NSKeyPath': plistlib.UID(8)},
        path, cls('NSKeyPathSpecifierExpression'),
        {'$classname': 'NSMutableArray', '$classes': ['NSMutableArray', 'NSArray', 'NSObject']},
        cls('NSKeyPathExpression', 'NSFunctionExpression')])

def constant(value):
    return archive(['$null',
        {'$class': plistlib.UID(2), 'NSConstantValue': value, 'NSExpressionType': 0},
        cls('NSConstantValueExpression')])

def manager_call(selector, name, path):
    # FUNCTION($manager, selector, "name", $source.path)
    return archive(['$null',
        {'$class': plistlib.UID(17), 'NSArguments': plistlib.UID(6), 'NSExpressionType': 4,
         'NSOperand': plistlib.UID(3), 'NSSelectorName': plistlib.UID(2)},
        selector,
        {'$class': plistlib.UID(5), 'NSExpressionType': 2, 'NSVariable': plistlib.UID(4)},
        'manager', cls('NSVariableExpression'),
        {'$class': plistlib.UID(16), 'NS.objects': [plistlib.UID(7), plistlib.UID(9)]},
        {'$class': plistlib.UID(8), 'NSConstantValue': name, 'NSExpressionType': 0},
        cls('NSConstantValueExpression'),
        {'$class': plistlib.UID(15), 'NSArguments': plistlib.UID(13), 'NSExpressionType': 4,
         'NSOperand': plistlib.UID(10), 'NSSelectorName': plistlib.UID(12)},
        {'$class': plistlib.UID(5), 'NSExpressionType': 2, 'NSVariable': plistlib.UID(11)},
        'source', 'valueForKeyPath:',
        {'$class': plistlib.UID(16), 'NS.objects': [plistlib.UID(14)]},
        {'$class': plistlib.UID(18), 'NSExpressionType': 10, 'NSKeyPath': path},
        cls('NSKeyPathExpression', 'NSFunctionExpression'),
        {'$classname': 'NSMutableArray', '$classes': ['NSMutableArray', 'NSArray', 'NSObject']},
        cls('NSFunctionExpression'),
        cls('NSKeyPathSpecifierExpression')])

def encode(tree):
    """Archives an expression tree: ('var', name), ('const', value), ('path', key path),
    ('call', operand, selector, [arguments]) (a key path read is ('call', operand,
    'valueForKeyPath:', [('path', …)]))."""
    objects = ['$null']
    classes = {}
    def add(value):
        objects.append(value)
        return plistlib.UID(len(objects) - 1)
    def class_uid(name, *supers):
        if name not in classes:
            classes[name] = add({'$classname': name, '$classes': [name, *supers, 'NSObject']})
        return classes[name]
    def node(tree):
        kind = tree[0]
        if kind == 'var':
            uid = add(None)
            objects[uid.data] = {'$class': class_uid('NSVariableExpression', 'NSExpression'),
                                 'NSExpressionType': 2, 'NSVariable': add(tree[1])}
        elif kind == 'const':
            uid = add(None)
            objects[uid.data] = {'$class': class_uid('NSConstantValueExpression', 'NSExpression'),
                                 'NSExpressionType': 0,
                                 'NSConstantValue': add(tree[1]) if isinstance(tree[1], str) else tree[1]}
        elif kind == 'path':
            uid = add(None)
            objects[uid.data] = {'$class': class_uid('NSKeyPathSpecifierExpression', 'NSExpression'),
                                 'NSExpressionType': 10, 'NSKeyPath': add(tree[1])}
        else:
            uid = add(None)
            operand = node(tree[1])
            arguments = [node(argument) for argument in tree[3]]
            array = add({'$class': class_uid('NSMutableArray', 'NSArray'), 'NS.objects': arguments})
            name = 'NSKeyPathExpression' if tree[2] == 'valueForKeyPath:' else 'NSFunctionExpression'
            supers = ('NSFunctionExpression', 'NSExpression') if name == 'NSKeyPathExpression' else ('NSExpression',)
            objects[uid.data] = {'$class': class_uid(name, *supers), 'NSExpressionType': 4,
                                 'NSOperand': operand, 'NSSelectorName': add(tree[2]),
                                 'NSArguments': array}
        return uid
    node(tree)
    return archive(objects)

def read(path):
    return ('call', ('var', 'source'), 'valueForKeyPath:', [('path', path)])

objects = []
def obj(kind, oid, attributes, relationships):
    lines = [f'    <object type="{kind}" id="{oid}">']
    for name, typ, value in attributes:
        lines.append(f'        <attribute name="{name}" type="{typ}">{value}</attribute>')
    for name, typ, dest, refs in relationships:
        idrefs = f' idrefs="{refs}"' if refs else ''
        lines.append(f'        <relationship name="{name}" type="{typ}" destination="{dest}"{idrefs}></relationship>')
    lines.append('    </object>')
    objects.append('\n'.join(lines))

def attribute_mapping(oid, name, owner, expression=None):
    attrs = [('valueexpressiondata', 'binary', expression)] if expression else []
    obj('XDDEVATTRIBUTEMAPPING', oid, attrs + [('name', 'string', name)],
        [('entitymapping', '1/1', 'XDDEVENTITYMAPPING', owner)])

def relationship_mapping(oid, name, owner, expression=None):
    attrs = [('valueexpressiondata', 'binary', expression)] if expression else [('autogenerateexpression', 'bool', 1)]
    obj('XDDEVRELATIONSHIPMAPPING', oid, attrs + [('name', 'string', name)],
        [('entitymapping', '1/1', 'XDDEVENTITYMAPPING', owner)])

def entity_mapping(oid, number, source, destination, attributes, relationships, name=None):
    attrs = []
    if source: attrs.append(('sourcename', 'string', source))
    attrs += [('mappingtypename', 'string', 'Undefined'), ('mappingnumber', 'int16', number)]
    if destination: attrs.append(('destinationname', 'string', destination))
    if name: attrs.append(('name', 'string', name))
    attrs.append(('autogenerateexpression', 'bool', 1))
    obj('XDDEVENTITYMAPPING', oid, attrs,
        [('mappingmodel', '1/1', 'XDDEVMAPPINGMODEL', 'z200'),
         ('attributemappings', '0/0', 'XDDEVATTRIBUTEMAPPING', attributes),
         ('relationshipmappings', '0/0', 'XDDEVRELATIONSHIPMAPPING', relationships)])

attribute_mapping('z102', 'label', 'z120')
relationship_mapping('z103', 'products', 'z120')
attribute_mapping('z104', 'title', 'z121', source_key_path('name'))
attribute_mapping('z105', 'price', 'z121')
attribute_mapping('z106', 'isFeatured', 'z121', constant(0))
relationship_mapping('z107', 'variations', 'z121')
relationship_mapping('z108', 'tags', 'z121', manager_call(
    'destinationInstancesForEntityMappingNamed:sourceInstances:', 'TagToTag', 'tags'))
attribute_mapping('z109', 'code', 'z122', source_key_path('sku'))
attribute_mapping('z110', 'stock', 'z122')
relationship_mapping('z111', 'product', 'z122')
attribute_mapping('z112', 'text', 'z124')
entity_mapping('z120', 1, 'Tag', 'Tag', 'z102', 'z103')
entity_mapping('z121', 2, 'Product', 'Product', 'z104 z105 z106', 'z107 z108')
entity_mapping('z122', 3, 'Variation', 'Variation', 'z109 z110', 'z111')
entity_mapping('z123', 4, 'Legacy', None, '', '', name='Legacy')
entity_mapping('z124', 5, None, 'Review', 'z112', '', name='Review')
# The archived copies of both models (Xcode's XDPMModel), which the engine skips:
# a stand-in of a few bytes here.
stand_in = base64.b64encode(b'bplist00 archived model').decode()
obj('XDDEVMAPPINGMODEL', 'z200', [
    ('sourcemodelpath', 'string', 'Shop/Shop.xcdatamodeld/Shop.xcdatamodel'),
    ('sourcemodeldata', 'binary', stand_in),
    ('destinationmodelpath', 'string', 'Shop/Shop.xcdatamodeld/Shop 2.xcdatamodel'),
    ('destinationmodeldata', 'binary', stand_in)],
    [('entitymappings', '0/0', 'XDDEVENTITYMAPPING', 'z120 z121 z122 z123 z124')])

header = '''<?xml version="1.0" standalone="yes"?>
<!DOCTYPE database SYSTEM "file:///System/Library/DTDs/CoreData.dtd">

<database>
    <databaseInfo>
        <version>134481920</version>
        <UUID>6A0B8E34-1D5C-4C1E-9F0A-2B7C3D4E5F60</UUID>
        <nextObjectID>201</nextObjectID>
        <metadata>
            <plist version="1.0">
                <dict>
                    <key>NSPersistenceFrameworkVersion</key>
                    <integer>977</integer>
                    <key>NSStoreModelVersionIdentifiers</key>
                    <array>
                        <string></string>
                    </array>
                </dict>
            </plist>
        </metadata>
    </databaseInfo>
'''
os.makedirs('ShopV1toV2.xcmappingmodel', exist_ok=True)
with open('ShopV1toV2.xcmappingmodel/xcmapping.xml', 'w') as f:
    f.write(header + '\n'.join(objects) + '\n</database>\n')

# A second mapping model between the same versions, with expressions the engine does
# not evaluate: a key path through a relationship and a call on the entity's policy.
objects = []
attribute_mapping('z104', 'title', 'z121', encode(
    ('call', ('var', 'entityPolicy'), 'titleFor:', [read('name')])))
attribute_mapping('z109', 'code', 'z122', encode(read('product.name')))
entity_mapping('z121', 1, 'Product', 'Product', 'z104', '')
entity_mapping('z122', 2, 'Variation', 'Variation', 'z109', '')
obj('XDDEVMAPPINGMODEL', 'z200', [
    ('sourcemodelpath', 'string', 'Shop/Shop.xcdatamodeld/Shop.xcdatamodel'),
    ('destinationmodelpath', 'string', 'Shop/Shop.xcdatamodeld/Shop 2.xcdatamodel')],
    [('entitymappings', '0/0', 'XDDEVENTITYMAPPING', 'z121 z122')])
os.makedirs('Unsupported/ShopExpressions.xcmappingmodel', exist_ok=True)
with open('Unsupported/ShopExpressions.xcmappingmodel/xcmapping.xml', 'w') as f:
    f.write(header + '\n'.join(objects) + '\n</database>\n')
